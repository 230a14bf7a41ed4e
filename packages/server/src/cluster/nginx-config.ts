/**
 * The nginx configuration in front of a cluster (docs/operations.md "A cluster"; issue 13 point 1),
 * Colyseus 0.16's documented way of scaling: each process has its own public address `<front>/<name>`
 * (`PAIGOW_PUBLIC_ADDRESS`), and the proxy sends `/<name>/...` to that process, with the prefix cut,
 * WebSocket upgrades included; every other request (the web client, `/api`, `/matchmake`) goes to any
 * process (each answers for every table through the shared matchmaker). `deploy/nginx/paigow.conf` is
 * this configuration for three processes, for Debian's `/etc/nginx/conf.d/`; `npm run cluster` writes a
 * standalone one (`standaloneNginxConfig`).
 *
 * The processes do not count their trusted proxy's connections (`PAIGOW_CONNECTIONS_PER_IP`,
 * `http/connection-limits.ts`): behind the front every connection is its. So the front itself caps each client
 * address (`limit_conn`, open requests and WebSockets, at the processes' default cap) and gives slow clients the
 * processes' header timeout (nginx's default is 60 s). A client on the front's own machine (a TLS terminator in
 * front of it, the benchmark) is not capped, as a process does not cap its trusted proxy. While no process answers
 * (they all start, ~25 s), the front answers the servers' JSON 503 `action/unavailable` with `Retry-After`
 * (`FRONT_UNAVAILABLE`), not nginx's HTML `502 Bad Gateway` page.
 */
import { DEFAULT_LIMITS } from '../limits/settings.js';

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
  /** Open requests (WebSockets included) of one client address (default the processes' `PAIGOW_CONNECTIONS_PER_IP` default, 256). */
  readonly connectionsPerIp?: number;
}

/** The path at which the front answers `NginxSite.identity`. */
export const IDENTITY_PATH = '/.paigow-front';

/** How long a process may take to answer a request of `ANY_PROCESS`, s: the server's answers take milliseconds. */
export const ANSWER_TIMEOUT_S = 10;
/** How long a process that did not answer is left out of the front, s (`max_fails=1`). */
export const FAIL_TIMEOUT_S = 10;

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

/**
 * A request any process can answer (no WebSocket: the tables' go to `/<name>/`): a host that is gone is given up after
 * 2 s, a process that takes the connection and does not answer (hung, stopped by SIGSTOP) after `ANSWER_TIMEOUT_S`;
 * without that bound (the WebSockets' hour) such a process held a third of the requests, one for 610 s.
 */
const ANY_PROCESS = [
  'proxy_http_version 1.1;',
  'proxy_set_header Host $http_host;',
  'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  'proxy_connect_timeout 2s;',
  `proxy_read_timeout ${ANSWER_TIMEOUT_S}s;`,
  `proxy_send_timeout ${ANSWER_TIMEOUT_S}s;`,
];

/** The front's answer to `/metrics` and `/<process>/metrics`: the servers' own JSON 404 for an unknown endpoint. */
const METRICS_CLOSED = JSON.stringify({ error: { code: 'action/unknown', message: 'no such endpoint' } });

/**
 * The front's answer when no process answers a request (nginx's 502, 503 or 504: every process still starting, stopped
 * or unreachable): the servers' own JSON 503 (docs/protocol.md, `{error: {code, message}}` with `Retry-After`), not
 * nginx's HTML error page.
 */
export const FRONT_UNAVAILABLE = JSON.stringify({ error: { code: 'action/unavailable', message: 'no server process can answer now; try again' } });

/**
 * The `http`-level part: the upgrade map, the per-client connection cap's zone, the upstream of every process and
 * the server block.
 * @throws Error for a process name that is not a path segment of letters, digits, `_` or `-`, or a
 *   `connectionsPerIp` that is not a whole number above 0
 */
export function nginxSite(site: NginxSite): string {
  const host = site.upstreamHost ?? '127.0.0.1';
  for (const { name } of site.processes) if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`a process name must be letters, digits, '_' or '-', got '${name}'`);
  if (site.identity !== undefined && !/^[A-Za-z0-9_-]+$/.test(site.identity)) throw new Error(`the front's identity must be letters, digits, '_' or '-', got '${site.identity}'`);
  const indent = (lines: readonly string[], depth: number): string => lines.map((line) => `${'    '.repeat(depth)}${line}`).join('\n');
  const locations = site.processes.map(({ name, port }) =>
    [`    # The rooms hosted by ${name} (its PAIGOW_PUBLIC_ADDRESS ends with /${name}).`, `    location /${name}/ {`, `        proxy_pass http://${host}:${port}/;`, indent(PROXY_HEADERS, 2), '    }'].join('\n'),
  );
  const perIp = site.connectionsPerIp ?? DEFAULT_LIMITS.connectionsPerIp;
  if (!Number.isSafeInteger(perIp) || perIp <= 0) throw new Error(`connections per IP must be a whole number above 0, got ${perIp}`);
  const headerSeconds = Math.ceil(DEFAULT_LIMITS.headersTimeoutMs / 1_000);
  return [
    'map $http_upgrade $connection_upgrade {',
    '    default upgrade;',
    "    ''      close;",
    '}',
    '',
    '# Each client address is capped (limit_conn below), as each process caps its peers (PAIGOW_CONNECTIONS_PER_IP),',
    '# except a client on this machine (a TLS terminator in front, the benchmark): an empty key is not counted.',
    'geo $paigow_local_client {',
    '    default     0;',
    '    127.0.0.0/8 1;',
    '    ::1         1;',
    '}',
    'map $paigow_local_client $paigow_client_key {',
    "    1       '';",
    '    default $binary_remote_addr;',
    '}',
    'limit_conn_zone $paigow_client_key zone=paigow_per_ip:10m;',
    '',
    '# A process that does not answer (down: its connection refused; hung: no answer within proxy_read_timeout) is taken',
    `# out for ${FAIL_TIMEOUT_S} s (max_fails=1), each request it failed passed to the next one where nginx may (a GET; a POST only when`,
    '# its connection was refused: nothing was sent). A process\'s own 503 to /api, /matchmake or the health checks (a',
    '# database fault, a drain, a table moving) passes as it is and is no failure (not in their proxy_next_upstream): counted,',
    '# a database outage\'s 503s took every process out, and the front answered 503 "no live upstreams" once they were back.',
    'upstream paigow {',
    indent(
      site.processes.map(({ port }) => `server ${host}:${port} max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s;`),
      1,
    ),
    '}',
    '',
    'server {',
    `    listen ${site.listen};`,
    '    client_max_body_size 1m;',
    '    # Slow clients (slowloris): the processes\' PAIGOW_HEADERS_TIMEOUT_MS; the body, per read.',
    `    client_header_timeout ${headerSeconds}s;`,
    `    client_body_timeout ${headerSeconds}s;`,
    `    limit_conn paigow_per_ip ${perIp};`,
    '    limit_conn_status 429;',
    '    limit_conn_log_level warn;',
    '    # No process answers (all starting, stopped or unreachable): JSON as the servers\' own 503, not nginx\'s HTML page.',
    '    # A process\'s own 503 (starting, draining, a table moving) passes as it is (proxy_intercept_errors is off).',
    '    error_page 502 503 504 = @unavailable;',
    '    location @unavailable {',
    '        default_type application/json;',
    '        add_header Retry-After 1 always;',
    `        return 503 '${FRONT_UNAVAILABLE}';`,
    '    }',
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
    '    # /api, /matchmake and the health checks: any process; its own 503 passes as it is.',
    '    location ~ ^/(api|matchmake|livez|readyz|healthz)(/|$) {',
    '        proxy_pass http://paigow;',
    indent(ANY_PROCESS, 2),
    '        proxy_next_upstream error timeout http_502;',
    '    }',
    '',
    '    # The web client: any process; a GET answered 503 (a process starting or stopping) is tried on the next one.',
    '    location / {',
    '        proxy_pass http://paigow;',
    indent(ANY_PROCESS, 2),
    '        proxy_next_upstream error timeout http_502 http_503;',
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
