import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PendingClick } from '../click-writer';

/*
 * The names in a click journal directory:
 *   <journal>.alive               a live journal's heartbeat (its mtime is refreshed every 10 s)
 *   <journal>.<seq>.clicks        a segment being written, or written and not yet committed
 *   <journal>.<seq>.clicks~<by>   a segment claimed (renamed, atomically) by journal <by> to replay it
 * A journal's id is `<host>_<pid>_<random>`: one per recorder (a process swapping kernels has two for a
 * moment), never the same twice even when a restarted container gets its old pid back.
 */
const ID = '[A-Za-z0-9-]+_\\d+_[0-9a-f]+';
const SEGMENT = new RegExp(`^(${ID})\\.(\\d+)\\.clicks(?:~(${ID}))?$`);
const HEARTBEAT = new RegExp(`^(${ID})\\.alive$`);

/** Dots and underscores separate the parts of a name: a host name keeps neither. */
export const HOST = os.hostname().replace(/[^A-Za-z0-9-]/g, '-') || 'host';

export function newJournalId(): string {
  return `${HOST}_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
}

export const segmentName = (journal: string, seq: number) => `${journal}.${seq}.clicks`;
export const claimedName = (journal: string, seq: number, by: string) => `${segmentName(journal, seq)}~${by}`;
export const heartbeatName = (journal: string) => `${journal}.alive`;

export interface SegmentFile {
  name: string;
  journal: string;
  seq: number;
  /** The journal that claimed it for a replay, if any. */
  claimedBy?: string;
}

export function parseSegment(name: string): SegmentFile | undefined {
  const m = SEGMENT.exec(name);
  return m ? { name, journal: m[1], seq: Number(m[2]), claimedBy: m[3] } : undefined;
}

export function parseHeartbeat(name: string): string | undefined {
  return HEARTBEAT.exec(name)?.[1];
}

/**
 * A journal refreshes its heartbeat every 10 s; one not refreshed for this long belongs to a process
 * that is gone (on another host, or whose pid was reused). Long, because a live process taken for
 * dead would lose the clicks it appends to the claimed segment.
 */
export const HEARTBEAT_STALE_MS = 120_000;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, someone else's
  }
}

/**
 * Whether the journal `id` has stopped for good: no heartbeat (a journal makes it before its first
 * segment and removes it on a clean stop), its pid gone on this host, or a heartbeat too old.
 */
export function journalDead(dir: string, id: string, now = Date.now()): boolean {
  const beat = fs.statSync(path.join(dir, heartbeatName(id)), { throwIfNoEntry: false });
  if (!beat) return true;
  const [host, pid] = id.split('_');
  if (host === HOST && !pidAlive(Number(pid))) return true;
  return now - beat.mtimeMs > HEARTBEAT_STALE_MS;
}

/**
 * One click as a line: link, country, time, address (last: whatever it holds but a line break or tab).
 * About 40 bytes: `12\t75\t2026-11-28 12:00:00\t203.0.113.7\n`.
 */
export function clickLine(c: PendingClick): string {
  const ip = /[\t\r\n]/.test(c.ip) ? c.ip.replace(/[\t\r\n]/g, ' ') : c.ip;
  return `${c.linkId}\t${c.countryId ?? ''}\t${c.at}\t${ip}\n`;
}

/**
 * The clicks of a segment's text. A last line without its line break (a write cut short: out of disk
 * space) is not a click; neither is a malformed line (counted, for the log).
 */
export function parseClickLines(text: string): { clicks: PendingClick[]; malformed: number } {
  const lines = text.split('\n');
  lines.pop(); // after the last '\n': empty, or a line cut short
  const clicks: PendingClick[] = [];
  let malformed = 0;
  for (const line of lines) {
    const [link, country, at, ip] = line.split('\t');
    if (ip === undefined || !/^\d+$/.test(link) || !/^\d*$/.test(country) || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(at)) {
      malformed++;
      continue;
    }
    clicks.push({ linkId: Number(link), countryId: country ? Number(country) : null, at, ip });
  }
  return { clicks, malformed };
}
