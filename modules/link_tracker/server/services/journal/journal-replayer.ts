import fs from 'node:fs';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { writeClicks } from '../click-writer';
import type { ClickJournal } from './click-journal';
import { CLICK_JOURNAL_TABLE, deleteMarkers, hasMarker, insertMarkers } from './journal-markers';
import { claimedName, heartbeatName, journalDead, parseClickLines, parseHeartbeat, parseSegment, type SegmentFile } from './journal-files';

/**
 * Replays the click journals of processes that are gone (SIGKILL, crash, a stop whose last write
 * failed), and this journal's own segments set aside after a dropped batch. Each segment is claimed
 * by renaming it to `...~<this journal>` (atomic: of several processes sweeping, one wins), then
 * written once: its clicks and its marker in one transaction, unless the marker is already there
 * (the dead process committed the batch and died before deleting the file).
 */
export class JournalReplayer {
  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly journal: ClickJournal,
  ) {}

  /** One pass over the directory; the number of segments replayed or found already committed. */
  async sweep(): Promise<number> {
    // A claimer is a live journal: its heartbeat exists before it renames anything.
    this.journal.start();
    const me = this.journal.id;
    const names = fs.readdirSync(this.journal.dir);
    const deadCache = new Map<string, boolean>();
    const dead = (id: string) => {
      if (!deadCache.has(id)) deadCache.set(id, journalDead(this.journal.dir, id));
      return deadCache.get(id)!;
    };
    let done = 0;
    for (const name of names) {
      const segment = parseSegment(name);
      if (!segment) continue;
      const holder = segment.claimedBy ?? segment.journal;
      let mine: SegmentFile | undefined;
      if (holder === me) mine = segment.claimedBy ? segment : undefined; // unclaimed: this journal's own, being written
      else if (dead(holder)) mine = this.claim(segment);
      if (mine && (await this.replay(mine))) done++;
    }
    // Heartbeats of dead journals are left by a kill: their segments are claimed, they can go.
    const gone: string[] = [];
    for (const name of names) {
      const id = parseHeartbeat(name);
      if (!id || id === me || !dead(id)) continue;
      fs.rmSync(this.journal.path(heartbeatName(id)), { force: true });
      gone.push(id);
    }
    // So can their markers (of batches committed before a kill between commit and deletion), once no
    // file of theirs is left: a segment still claimed by another process's replay needs its marker.
    if (gone.length > 0) {
      const left = fs.readdirSync(this.journal.dir);
      const idle = gone.filter((id) => !left.some((n) => n.startsWith(`${id}.`)));
      if (idle.length > 0) await this.db(CLICK_JOURNAL_TABLE).whereIn('journal', idle).delete();
    }
    return done;
  }

  private claim(segment: SegmentFile): SegmentFile | undefined {
    const name = claimedName(segment.journal, segment.seq, this.journal.id);
    try {
      fs.renameSync(this.journal.path(segment.name), this.journal.path(name));
      return { ...segment, name, claimedBy: this.journal.id };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.error({ err, segment: segment.name }, 'link_tracker: a click journal segment could not be claimed');
      return undefined; // another process claimed it first
    }
  }

  /** Writes a claimed segment once; false (kept for the next sweep) when the database fails. */
  private async replay(segment: SegmentFile): Promise<boolean> {
    const file = this.journal.path(segment.name);
    const { clicks, malformed } = parseClickLines(fs.readFileSync(file, 'utf8'));
    let written = false;
    try {
      await this.db.transaction(async (trx) => {
        if (await hasMarker(trx, segment.journal, segment.seq)) return;
        if (clicks.length > 0) await writeClicks(trx, clicks);
        await insertMarkers(trx, segment.journal, [segment.seq]);
        written = true;
      });
    } catch (err) {
      this.logger.error({ err, segment: segment.name }, 'link_tracker: replaying a click journal segment failed; the next sweep tries again');
      return false;
    }
    fs.rmSync(file, { force: true });
    // The file is gone: nothing can be replayed twice, the marker has done its work.
    await deleteMarkers(this.db, segment.journal, [segment.seq]).catch((err: unknown) => this.logger.warn({ err }, 'link_tracker: a click journal marker could not be deleted'));
    if (written || malformed) {
      this.logger.info({ segment: segment.name, clicks: written ? clicks.length : 0, malformed }, 'link_tracker: clicks of a stopped process replayed from its journal');
    }
    return true;
  }
}
