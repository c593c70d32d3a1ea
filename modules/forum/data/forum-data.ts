import type { DataRecord } from '@platform/core';

const BASIC = ['Duplicate post', 'Off-topic or not relevant', 'Too subjective and argumentative', 'Not a real post', 'Not relevant or out dated', 'Contains offensive or malicious remarks', 'Spam or advertising', 'Too localized'];
const OFFENSIVE = ['Insulting and offensive language', 'Violent language', 'Inappropriate and unacceptable statements', 'Threatening language', 'Racist and hate speech'];

/** The reasons a question is closed or marked offensive (numbered as the original platform's). */
export function forumData(): DataRecord[] {
  const basicIds = [1, 2, 3, 4, 6, 7, 8, 9];
  return [
    ...BASIC.map((name, i) => ({ id: `reason_${basicIds[i]}`, model: 'forum.post.reason', values: { name, reason_type: 'basic' } })),
    ...OFFENSIVE.map((name, i) => ({ id: `reason_${11 + i}`, model: 'forum.post.reason', values: { name, reason_type: 'offensive' } })),
  ];
}
