/*
 * A site process for the click journal tests: serves the already installed database of DATABASE_URL
 * on a free port and prints `{"port":N}` once it listens. CLICK_FLUSH_DELAY_MS lengthens the click
 * recorder's delay, so that clicks stay in memory (and in the journal) until a kill or a stop.
 * SIGTERM stops it cleanly (buffered clicks are written), SIGKILL does not.
 */
import { loadConfig } from '@platform/core';
import { Kernel, startServer } from '../../../../test/support/kernel';
import { ClickRecorder } from '../../server/services/click-recorder';

async function main(): Promise<void> {
  const config = { ...loadConfig(), demo: false };
  const kernel = await Kernel.boot({ config, autoInstall: false });
  const delay = process.env.CLICK_FLUSH_DELAY_MS;
  if (delay) kernel.container.get(ClickRecorder).flushDelayMs = Number(delay);
  const running = await startServer(kernel, 0, { scheduler: false });
  process.on('SIGTERM', () => {
    void running.stop().then(() => process.exit(0), () => process.exit(1));
  });
  process.stdout.write(`${JSON.stringify({ port: running.port })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
