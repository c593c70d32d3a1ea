import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderMain, renderSite } from './nginx-site';
import { SiteNode } from './site-node';

const TEMPLATE = path.resolve(__dirname, '..', 'nginx.conf');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface ClusterOptions {
  /** Ports of the nodes, one node per port. */
  nodePorts: number[];
  /** The port nginx listens on (127.0.0.1). */
  listenPort: number;
  /** Environment of every node: DATABASE_URL (one database for all), ADMIN_PASSWORD, DEMO... */
  env: NodeJS.ProcessEnv;
  /** Where nginx's files and the nodes' logs go (a new temporary folder when unset). */
  dir?: string;
  /** Start a node again when it exits without being asked to (default true). */
  restart?: boolean;
  /** How often each node's /health is checked (default 1,000 ms). */
  healthIntervalMs?: number;
  /** Told of what happens (node down, node up, restarts). */
  log?: (line: string) => void;
}

/**
 * nginx in front of several nodes of the site, as deployed (`deploy/nginx.conf`), on this machine.
 * Open-source nginx only notices a dead node when a request to it fails; the cluster also checks each
 * node's /health and rewrites the upstream (`down`) and reloads nginx when a node's health changes, so
 * a stopped node is taken out before a visitor meets it, and put back once it answers again.
 */
export class Cluster {
  readonly nodes: SiteNode[];
  readonly dir: string;
  private nginx?: ChildProcess;
  private up: boolean[];
  private stopping = false;
  private monitor?: NodeJS.Timeout;
  private deliberate = new Set<number>();
  /** Health checks failed in a row, per node: one slow answer on a busy machine is not a dead node. */
  private failedChecks: number[] = [];

  private constructor(private readonly options: ClusterOptions) {
    this.dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'siteplatform-cluster-'));
    this.nodes = options.nodePorts.map((port, index) => new SiteNode({ index, port, env: options.env, logFile: path.join(this.dir, `node-${index + 1}.log`) }));
    this.up = this.nodes.map(() => false);
  }

  /** Starts the first node alone (it creates or upgrades the database), then the others, then nginx. */
  static async start(options: ClusterOptions, bootTimeoutMs = 180_000): Promise<Cluster> {
    const cluster = new Cluster(options);
    try {
      await cluster.boot(bootTimeoutMs);
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    return cluster;
  }

  get url(): string {
    return `http://127.0.0.1:${this.options.listenPort}`;
  }

  /** What nginx currently sends requests to. */
  get upNodes(): number[] {
    return this.up.flatMap((u, i) => (u ? [i] : []));
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private async boot(timeoutMs: number): Promise<void> {
    fs.chmodSync(this.dir, 0o755);
    for (const sub of ['tmp', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi', 'assets']) {
      fs.mkdirSync(path.join(this.dir, sub), { recursive: true });
      // nginx's workers run as `nobody` when the cluster is started by root.
      fs.chmodSync(path.join(this.dir, sub), 0o777);
    }
    const [first, ...others] = this.nodes;
    this.startNode(first);
    await first.waitHealthy(timeoutMs);
    others.forEach((n) => this.startNode(n));
    await Promise.all(others.map((n) => n.waitHealthy(timeoutMs)));
    this.up = this.nodes.map(() => true);
    this.writeSite();
    fs.writeFileSync(path.join(this.dir, 'nginx.conf'), renderMain(this.dir));
    const nginx = spawn(NGINX, ['-p', this.dir, '-c', path.join(this.dir, 'nginx.conf'), '-e', path.join(this.dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (d) => { stderr += d; });
    this.nginx = nginx;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      try {
        const res = await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        if (res.ok) break;
      } catch { /* not listening yet */ }
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${this.url}: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    this.scheduleHealthCheck();
  }

  private startNode(node: SiteNode): void {
    node.start();
    void node.whenExited().then(() => this.nodeExited(node));
  }

  private nodeExited(node: SiteNode): void {
    if (this.stopping) return;
    this.log(`node ${node.options.index + 1} (port ${node.port}) exited`);
    this.setUp(node.options.index, false);
    if (this.options.restart === false || this.deliberate.has(node.options.index)) return;
    setTimeout(() => {
      if (this.stopping || node.running) return;
      this.log(`node ${node.options.index + 1} restarting`);
      this.startNode(node);
    }, 1000).unref();
  }

  private scheduleHealthCheck(): void {
    if (this.stopping) return;
    this.monitor = setTimeout(async () => {
      const health = await Promise.all(this.nodes.map((n) => n.healthy()));
      health.forEach((ok, i) => {
        this.failedChecks[i] = ok ? 0 : (this.failedChecks[i] ?? 0) + 1;
        // A process that exited is taken out at once (nodeExited); a live one after two missed checks.
        if (ok || this.failedChecks[i] >= 2 || !this.nodes[i].running) this.setUp(i, ok);
      });
      this.scheduleHealthCheck();
    }, this.options.healthIntervalMs ?? 1000);
    this.monitor.unref();
  }

  private setUp(index: number, up: boolean): void {
    if (this.up[index] === up || this.stopping) return;
    this.up[index] = up;
    this.log(`node ${index + 1} ${up ? 'up' : 'down'}: nginx sends to nodes ${this.upNodes.map((i) => i + 1).join(', ') || 'none'}`);
    this.writeSite();
    // SIGHUP: nginx reads the file again; requests in progress finish on the old workers.
    if (this.nginx?.exitCode === null) this.nginx.kill('SIGHUP');
  }

  private writeSite(): void {
    // nginx refuses an upstream whose servers are all `down`: keep them listed, it will answer 502.
    const nodes = this.nodes.map((n, i) => ({ port: n.port, up: this.up[i] || this.up.every((u) => !u) }));
    fs.writeFileSync(path.join(this.dir, 'site.conf'), renderSite(fs.readFileSync(TEMPLATE, 'utf8'), {
      listenPort: this.options.listenPort, nodes, assetCacheDir: path.join(this.dir, 'assets'),
    }));
  }

  /** Stops node `index` with `signal` (SIGKILL: it dies mid-request); it stays stopped until `startNode`. */
  async stopNode(index: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    this.deliberate.add(index);
    await this.nodes[index].stop(signal);
  }

  /** Starts node `index` again and waits until nginx sends to it. */
  async restartNode(index: number, timeoutMs = 60_000): Promise<void> {
    this.deliberate.delete(index);
    const node = this.nodes[index];
    if (!node.running) this.startNode(node);
    await node.waitHealthy(timeoutMs);
    this.setUp(index, true);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.monitor);
    if (this.nginx && this.nginx.exitCode === null) {
      const exited = once(this.nginx, 'exit');
      this.nginx.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (this.nginx.exitCode === null) this.nginx.kill('SIGKILL');
    }
    await Promise.all(this.nodes.map((n) => n.stop('SIGTERM')));
  }
}
