/**
 * The nginx configuration in front of a cluster (docs/operations.md "A cluster"; issue 13 point 1),
 * Colyseus 0.16's documented way of scaling: each process has its own public address `<front>/<name>`
 * (`PAIGOW_PUBLIC_ADDRESS`), and the proxy sends `/<name>/...` to that process, with the prefix cut,
 * WebSocket upgrades included; every other request (the web client, `/api`, `/matchmake`) goes to any
 * process (each answers for every table through the shared matchmaker). `deploy/nginx/paigow.conf` is
 * this configuration for three processes, for Debian's `/etc/nginx/conf.d/`; `npm run cluster` writes a
 * standalone one (`standaloneNginxConfig`).
 */

/** One process behind the proxy. */
export interface ProxiedProcess {
  /** Its path prefix, also the last part of its public address (`p1`). */
  readonly name: string;
  /** Its loopback port. */
  readonly port: number;
}

/** What the proxy listens on and where it sends. */
export interface NginxSite {
  /** `listen` argument: `80`, `127.0.0.1:8080`. */
  readonly listen: string;
  readonly processes: readonly ProxiedProcess[];
  /** The processes' host (default `127.0.0.1`). */
  readonly upstreamHost?: string;
  /**
   * When set, `GET /.paigow-front` answers it (200, text): `startCluster` checks that the front port is
   * answered by its own nginx, not by another program already listening there.
   */
  readonly identity?: string;
}

/** The path at which the front answers `NginxSite.identity`. */
export const IDENTITY_PATH = '/.paigow-front';

const PROXY_HEADERS = [
  'proxy_http_version 1.1;',
  'proxy_set_header Upgrade $http_upgrade;',
  'proxy_set_header Connection $connection_upgrade;',
  'proxy_set_header Host $http_host;',
  'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  // Table WebSockets stay open for hours; Colyseus pings every 5 s.
  'proxy_read_timeout 1h;',
  'proxy_send_timeout 1h;',
];

/** The front's answer to `/metrics` and `/<process>/metrics`: the servers' own JSON 404 for an unknown endpoint. */
const METRICS_CLOSED = JSON.stringify({ error: { code: 'action/unknown', message: 'no such endpoint' } });

/**
 * The `http`-level part: the upgrade map, the upstream of every process and the server block.
 * @throws Error for a process name that is not a path segment of letters, digits, `_` or `-`
 */
export function nginxSite(site: NginxSite): string {
  const host = site.upstreamHost ?? '127.0.0.1';
  for (const { name } of site.processes) if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`a process name must be letters, digits, '_' or '-', got '${name}'`);
  if (site.identity !== undefined && !/^[A-Za-z0-9_-]+$/.test(site.identity)) throw new Error(`the front's identity must be letters, digits, '_' or '-', got '${site.identity}'`);
  const indent = (lines: readonly string[], depth: number): string => lines.map((line) => `${'    '.repeat(depth)}${line}`).join('\n');
  const locations = site.processes.map(({ name, port }) =>
    [`    # The rooms hosted by ${name} (its PAIGOW_PUBLIC_ADDRESS ends with /${name}).`, `    location /${name}/ {`, `        proxy_pass http://${host}:${port}/;`, indent(PROXY_HEADERS, 2), '    }'].join('\n'),
  );
  return [
    'map $http_upgrade $connection_upgrade {',
    '    default upgrade;',
    "    ''      close;",
    '}',
    '',
    'upstream paigow {',
    indent(
      site.processes.map(({ port }) => `server ${host}:${port} max_fails=1 fail_timeout=2s;`),
      1,
    ),
    '}',
    '',
    'server {',
    `    listen ${site.listen};`,
    '    client_max_body_size 1m;',
    '',
    '    # /metrics is for the internal network: Prometheus scrapes each process at its own port (docs/operations.md "Metrics").',
    '    location ~* ^(/[^/]+)?/metrics(/|$) {',
    '        default_type application/json;',
    `        return 404 '${METRICS_CLOSED}';`,
    '    }',
    '',
    ...locations.flatMap((location) => [location, '']),
    ...(site.identity === undefined
      ? []
      : ['    # This front, told apart from another program on the same port.', `    location = ${IDENTITY_PATH} {`, '        default_type text/plain;', `        return 200 '${site.identity}';`, '    }', '']),
    '    # The web client, /api and /matchmake: any process (a refused connection tries the next one).',
    '    location / {',
    '        proxy_pass http://paigow;',
    '        proxy_next_upstream error timeout http_502 http_503;',
    indent(PROXY_HEADERS, 2),
    '    }',
    '}',
    '',
  ].join('\n');
}

/**
 * A whole nginx configuration for `nginx -c <file> -p <dir>`: in the foreground, every file (pid, logs,
 * temporary bodies) under `dir`, so it needs no root path; as root its workers run as root too (they write
 * under `dir`).
 */
export function standaloneNginxConfig(site: NginxSite, dir: string, runningAsRoot: boolean): string {
  return [
    'daemon off;',
    ...(runningAsRoot ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    '',
    'events {',
    '    worker_connections 8192;',
    '}',
    '',
    'http {',
    '    access_log off;',
    `    client_body_temp_path ${dir}/client-body;`,
    `    proxy_temp_path ${dir}/proxy;`,
    `    fastcgi_temp_path ${dir}/fastcgi;`,
    `    uwsgi_temp_path ${dir}/uwsgi;`,
    `    scgi_temp_path ${dir}/scgi;`,
    '',
    nginxSite(site)
      .split('\n')
      .map((line) => (line === '' ? '' : `    ${line}`))
      .join('\n'),
    '}',
    '',
  ].join('\n');
}
