/** The visitor's three smileys: the rating values stored (the original platform's 1, 5 and 10). */
export const CHAT_RATINGS = [
  { rate: 10, key: 'happy', face: '😊', label: 'Great' },
  { rate: 5, key: 'neutral', face: '😐', label: 'Okay' },
  { rate: 1, key: 'unhappy', face: '😞', label: 'Not satisfied' },
] as const;

export type RatingKey = (typeof CHAT_RATINGS)[number]['key'];

/** The smiley of a stored rating (the nearest, for values written by other means). */
export function ratingOf(rate: number): (typeof CHAT_RATINGS)[number] {
  return rate >= 8 ? CHAT_RATINGS[0] : rate >= 3 ? CHAT_RATINGS[1] : CHAT_RATINGS[2];
}

/** The report's periods, in days (the default first). */
export const REPORT_PERIODS = [30, 7, 90, 365] as const;

/** What the Live Chat app's ratings report shows for a period. */
export interface RatingsReport {
  days: number;
  total: number;
  /** Share of 😊 among the ratings, in percent (the original platform's "satisfaction"); null without ratings. */
  satisfaction: number | null;
  /** Mean of the ratings on their 1–10 scale; null without ratings. */
  average: number | null;
  counts: Record<RatingKey, number>;
  /** One entry per day of the period, oldest first (`YYYY-MM-DD`, UTC). */
  perDay: Array<{ day: string } & Record<RatingKey, number>>;
  /** The latest written comments, newest first. */
  comments: Array<{ date: string; rate: number; feedback: string; visitor: string; operator: string | false; channel_id: number }>;
}
