/**
 * A moment in the form the database stores and the server sends timestamps: UTC, `YYYY-MM-DD HH:MM:SS`
 * (a number is epoch milliseconds; default: now). Shared by the server and the browser islands, which
 * show a message they just sent with the date the server will give it.
 */
export function utcText(moment: Date | number = Date.now()): string {
  return (typeof moment === 'number' ? new Date(moment) : moment).toISOString().slice(0, 19).replace('T', ' ');
}
