import type { DataRecord } from '@platform/core';

export function surveyDemo(): DataRecord[] {
  return [];
}
