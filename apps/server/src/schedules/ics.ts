/**
 * A one-event iCalendar file (RFC 5545) for a scheduled broadcast. Written here rather than with the `ics`
 * package: one VEVENT with six fields needs only TEXT escaping (§3.3.11), UTC date-times (§3.3.5) and line
 * folding at 75 octets (§3.1), about forty lines we test against the RFC, where the package would bring a
 * validation library and its own date handling into the server for the same output.
 */

/** How long the event lasts in a calendar: the broadcast's length is not known, an hour is what peers use. */
const EVENT_MS = 60 * 60_000;

export interface IcsEvent {
  /** Globally unique and stable for this broadcast (a calendar updates the event it already has). */
  uid: string;
  start: Date;
  stamp: Date;
  summary: string;
  description: string;
  url: string;
}

/** `20300131T180000Z`: a date-time in UTC (RFC 5545 §3.3.5, form #2). */
export const icsDateTime = (d: Date): string => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** TEXT values: backslash, semicolon and comma escaped, line breaks as `\n` (§3.3.11). */
export const icsText = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets folded: CRLF and one space, never inside a UTF-8 sequence (§3.1). */
export const foldLine = (line: string): string => {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
};

/** The whole file, CRLF line ends. */
export const icsCalendar = (e: IcsEvent): string =>
  `${[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Mintcast//Scheduled streams//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${icsDateTime(e.stamp)}`,
    `DTSTART:${icsDateTime(e.start)}`,
    `DTEND:${icsDateTime(new Date(e.start.getTime() + EVENT_MS))}`,
    `SUMMARY:${icsText(e.summary)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    `URL:${e.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(foldLine)
    .join('\r\n')}\r\n`;
