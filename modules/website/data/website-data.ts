import type { DataRecord } from '../../../platform/kernel/data-record';

export function websiteData(): DataRecord[] {
  return [];
}
