/**
 * An event as an iCalendar file (RFC 5545), for "Add to calendar" and the confirmation mail. Times are
 * UTC (`...Z`), so every calendar shows them in its reader's zone.
 */
export interface IcsEvent {
  id: number;
  name: string;
  begin: string;
  end: string;
  location: string;
  url: string;
  description?: string;
  organizerEmail?: string | null;
  host: string;
}

const stamp = (utcText: string) => utcText.replace(/[-:]/g, '').replace(' ', 'T') + 'Z';

/** Escapes a TEXT value (backslash, semicolon, comma, newlines). */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (continuation lines start with a space). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = Buffer.from(line, 'utf8');
  while (rest.length > 75) {
    let cut = 75;
    while (cut > 0 && (rest[cut] & 0xc0) === 0x80) cut--; // never inside a UTF-8 character
    out.push(rest.subarray(0, cut).toString('utf8'));
    rest = Buffer.concat([Buffer.from(' '), rest.subarray(cut)]);
  }
  out.push(rest.toString('utf8'));
  return out.join('\r\n');
}

export function eventIcs(e: IcsEvent, now: string): string {
  const lines = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Site platform//Events//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${e.id}@${text(e.host)}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(e.begin)}`,
    `DTEND:${stamp(e.end)}`,
    `SUMMARY:${text(e.name)}`,
    ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
    ...(e.description ? [`DESCRIPTION:${text(e.description)}`] : []),
    `URL:${e.url}`,
    ...(e.organizerEmail ? [`ORGANIZER:mailto:${e.organizerEmail}`] : []),
    'END:VEVENT', 'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
