import { execFile } from 'node:child_process';

/** One answer of a burst: the HTTP status, Retry-After, and the JSON-RPC error if any. */
export interface BurstAnswer {
  status: number;
  retryAfter: string | null;
  error?: { code: number; data: { name: string; message: string } };
}

/**
 * Posts `body` (a JSON-RPC call) `count` times at once to `url` from another Node process, so that the
 * load does not run on the event loop of the server being measured; `address` goes in X-Forwarded-For
 * (the client address behind one trusted proxy).
 */
export function burstFromAnotherProcess(url: string, body: string, count: number, address: string): Promise<BurstAnswer[]> {
  const script = `
    const [url, body, count, address] = process.argv.slice(1);
    Promise.all(Array.from({ length: Number(count) }, async () => {
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body });
      const json = await res.json();
      return { status: res.status, retryAfter: res.headers.get('retry-after'), error: json.error };
    })).then((answers) => process.stdout.write(JSON.stringify(answers)));`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script, url, body, String(count), address], { maxBuffer: 10 * 1024 * 1024 }, (err, stdout) => {
      if (err) reject(err);
      else resolve(JSON.parse(stdout) as BurstAnswer[]);
    });
  });
}
