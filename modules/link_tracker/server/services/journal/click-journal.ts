import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { PendingClick } from '../click-writer';
import { claimedName, clickLine, heartbeatName, newJournalId, segmentName } from './journal-files';

/** How often a live journal's heartbeat is refreshed (see HEARTBEAT_STALE_MS). */
const HEARTBEAT_MS = 10_000;
/** After a failed append (disk full, directory gone), appends are skipped this long: the click stays in memory only. */
const FAILURE_PAUSE_MS = 1000;

/**
 * This recorder's click journal: every click is appended to the current segment file, synchronously,
 * before its redirect is answered; each batch write seals the segment (the next click opens the
 * next one) and, once the batch and its marker are committed, deletes it. A process killed with
 * SIGKILL (or crashing) leaves its segments behind, and another process (or the restarted one) replays
 * them (JournalReplayer).
 *
 * No fsync: a write(2) that has returned is in the kernel's page cache and survives the death of the
 * process; only a power loss or a kernel crash (out of scope) loses the last seconds of clicks. An
 * fsync per click would cost a disk flush (milliseconds) on the redirect path.
 */
export class ClickJournal {
  readonly id = newJournalId();
  private fd: number | undefined;
  private seq = 0;
  /** Segments sealed whose clicks are not committed yet (a failed batch keeps them). */
  private sealed: number[] = [];
  /** Segments committed and deleted whose markers are not yet deleted (the next batch does it). */
  private gone: number[] = [];
  private started = false;
  private heartbeatTimer?: NodeJS.Timeout;
  private failedAt = 0;
  /** Lines of this turn's clicks, and the answers waiting for them (see appendThen). */
  private turnLines = '';
  private turnWaiting: Array<() => void> = [];
  private turnScheduled = false;

  /**
   * `removeWhenEmpty`: a default directory (one per database) goes with the last journal in it; one the
   * operator chose (`LINK_CLICK_JOURNAL_DIR`) stays, with its owner and permissions.
   */
  constructor(readonly dir: string, private readonly logger: Logger, private readonly opts: { removeWhenEmpty?: boolean } = {}) {}

  /** Makes the directory and the heartbeat (before any segment: a segment without a heartbeat is a dead one's). */
  start(): void {
    if (this.started) return;
    fs.mkdirSync(this.dir, { recursive: true });
    fs.writeFileSync(this.path(heartbeatName(this.id)), `${process.pid}\n`);
    this.started = true;
    this.heartbeatTimer = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  /** Appends a click to the current segment now (one write(2) of ~40 bytes, about 2 µs). */
  append(click: PendingClick): void {
    this.writeTurn(); // the lines of this turn first: the file keeps the clicks' order
    this.write(clickLine(click));
  }

  /**
   * Appends a click and calls `written` once it is on disk. The lines of every click of one turn of
   * the event loop (all the connections read in one poll) go in one write(2), in the check phase
   * that follows, and only then are their redirects answered: a busy site makes one system call per
   * turn instead of one per click (the write(2) per click cost as much CPU as a quarter of the
   * redirect's), and an answered click is still on disk before its answer leaves.
   */
  appendThen(click: PendingClick, written: () => void): void {
    this.turnLines += clickLine(click);
    this.turnWaiting.push(written);
    if (!this.turnScheduled) {
      this.turnScheduled = true;
      setImmediate(this.endTurn);
    }
  }

  private readonly endTurn = (): void => {
    this.turnScheduled = false;
    this.writeTurn();
    const waiting = this.turnWaiting;
    this.turnWaiting = [];
    for (const written of waiting) {
      try {
        written();
      } catch (err) {
        this.logger.error({ err }, 'link_tracker: answering a redirect after its click was journaled failed');
      }
    }
  };

  /** Writes the lines waiting for the end of this turn (before a segment is sealed or closed, too). */
  private writeTurn(): void {
    if (!this.turnLines) return;
    const lines = this.turnLines;
    this.turnLines = '';
    this.write(lines);
  }

  private write(lines: string): void {
    if (this.failedAt && Date.now() - this.failedAt < FAILURE_PAUSE_MS) return;
    try {
      if (this.fd === undefined) this.open();
      fs.writeSync(this.fd!, lines);
    } catch (err) {
      this.failedAt = Date.now();
      this.logger.error({ err, dir: this.dir }, 'link_tracker: the click journal cannot be written; clicks are kept in memory only (a crash loses them)');
      // A line cut short ends its segment: the next click starts a new one.
      this.closeSegment();
    }
  }

  /**
   * Ends the current segment; the segments whose clicks the batch being written holds (this one and
   * those of earlier failed batches). Called when a batch is taken from the queue, before any await.
   */
  seal(): number[] {
    this.writeTurn(); // the batch being taken holds these clicks: their lines belong in this segment
    this.closeSegment();
    return [...this.sealed];
  }

  /** The batch holding these segments is committed: their files go, then (next batch) their markers. */
  committed(sequences: number[]): void {
    this.sealed = this.sealed.filter((s) => !sequences.includes(s));
    for (const seq of sequences) {
      try {
        fs.unlinkSync(this.path(segmentName(this.id, seq)));
        this.gone.push(seq);
      } catch (err) {
        // ENOENT: claimed by a process that took this one for dead; its replay needs the marker, kept.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.warn({ err, seq }, 'link_tracker: a committed click journal segment could not be deleted (a replay will find its marker)');
      }
    }
  }

  /** Markers whose segment files are gone, for the next batch's transaction to delete (put back if it fails). */
  takeGone(): number[] {
    return this.gone.splice(0);
  }

  putBackGone(sequences: number[]): void {
    this.gone.unshift(...sequences);
  }

  /**
   * The batch of the sealed segments was dropped from memory (the database failed for long): its
   * segments are claimed by this journal, for its own sweep to replay once the database is back.
   */
  orphanSealed(): void {
    for (const seq of this.sealed.splice(0)) {
      try {
        fs.renameSync(this.path(segmentName(this.id, seq)), this.path(claimedName(this.id, seq, this.id)));
      } catch (err) {
        this.logger.error({ err, seq }, 'link_tracker: a click journal segment could not be set aside for its replay');
      }
    }
  }

  /**
   * A clean stop: the segment is closed and the heartbeat removed. Segments still here (their batch
   * failed) belong to a dead journal from now on: the next sweep of any process replays them.
   */
  close(): void {
    this.writeTurn();
    this.closeSegment();
    clearInterval(this.heartbeatTimer);
    if (!this.started) return;
    this.started = false;
    fs.rmSync(this.path(heartbeatName(this.id)), { force: true });
    if (!this.opts.removeWhenEmpty) return;
    try {
      fs.rmdirSync(this.dir); // only when empty: no other process uses it
    } catch {
      // other journals' files, or already gone
    }
  }

  path(name: string): string {
    return path.join(this.dir, name);
  }

  private open(): void {
    this.start();
    this.seq++;
    this.fd = fs.openSync(this.path(segmentName(this.id, this.seq)), 'a');
  }

  private closeSegment(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    this.sealed.push(this.seq);
    try {
      fs.closeSync(fd);
    } catch {
      // the descriptor is released whatever close says
    }
  }

  private beat(): void {
    const file = this.path(heartbeatName(this.id));
    const now = new Date();
    fs.utimes(file, now, now, (err) => {
      // Removed by a sweep that took this process for dead (stalled for minutes): alive again.
      if (err) fs.writeFile(file, `${process.pid}\n`, () => undefined);
    });
  }
}
