/** One node as nginx's upstream sees it. */
export interface UpstreamNode {
  port: number;
  /** False while the node fails its health check: nginx sends it nothing. */
  up: boolean;
}

export interface SiteOptions {
  listenPort: number;
  nodes: UpstreamNode[];
  /** Where nginx keeps the built browser files it caches. */
  assetCacheDir: string;
}

const NODES_BLOCK = /([ \t]*)# nodes:begin\n[\s\S]*?# nodes:end/;

/**
 * `deploy/nginx.conf` adapted to a local cluster: its upstream lists these nodes (`down` for the
 * unhealthy ones), it listens on `listenPort` and caches assets in `assetCacheDir`. Everything else
 * (timeouts, WebSocket upgrade, retries) is the deployed file's, so the cluster tests what is deployed.
 */
export function renderSite(template: string, options: SiteOptions): string {
  if (!NODES_BLOCK.test(template)) throw new Error('deploy/nginx.conf has no "# nodes:begin" ... "# nodes:end" block');
  if (options.nodes.length === 0) throw new Error('a cluster needs at least one node');
  return template
    .replace(NODES_BLOCK, (_all, indent: string) => [
      `${indent}# nodes:begin`,
      ...options.nodes.map((n) => `${indent}server 127.0.0.1:${n.port} max_fails=1 fail_timeout=5s${n.up ? '' : ' down'};`),
      `${indent}# nodes:end`,
    ].join('\n'))
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${options.listenPort};`)
    .replace(/proxy_cache_path \S+/, `proxy_cache_path ${options.assetCacheDir}`);
}

/** The top-level file of a local nginx: every path inside `dir`, the site from `renderSite`. */
export function renderMain(dir: string): string {
  return `# Written by npm run cluster; the site itself is deploy/nginx.conf (site.conf here).
worker_processes 1;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  # Which node answered each request ($upstream_addr): what the reliability suite reads.
  log_format cluster '$remote_addr "$request" $status $upstream_addr $upstream_status $request_time';
  access_log ${dir}/access.log cluster;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/site.conf;
}
`;
}
