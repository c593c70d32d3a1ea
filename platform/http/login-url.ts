export { loginUrl } from '@platform/common/login-url';
