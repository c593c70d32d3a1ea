export { localizedPath } from '@platform/common/localized-path';
