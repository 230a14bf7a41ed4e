/**
 * Vite build of the browser client (architecture.md, "packages/web").
 *
 * `@paigow/engine`, `@paigow/protocol` and `@paigow/i18n` are resolved from their TypeScript sources
 * through the `@paigow/source` export condition, so the web build never needs their `dist/`.
 * `npm run build -w packages/web` writes `packages/web/dist`, which the server serves on port 2567.
 * `npm run dev -w packages/web` serves on 5173 and proxies the HTTP API and the Colyseus WebSocket to
 * the game server (`PAIGOW_SERVER`, default http://localhost:2567).
 */
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.PAIGOW_SERVER ?? 'http://localhost:2567';

export default defineConfig(({ command }) => ({
  plugins: [react()],
  // A build ships production React even when the shell has NODE_ENV=test or development (e.g. a
  // build started from Vitest).
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  resolve: {
    conditions: ['@paigow/source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // The engine and the protocol are pure (no I/O; the engine's top-level code only fills lookup
      // tables), so a module of them whose exports the client does not use is dropped whole: the client
      // needs the evaluator and the house way, not the analysis or the Fortune enumeration.
      treeshake: {
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/](engine|protocol)[\\/]src[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/healthz': { target: server, changeOrigin: true },
      '/matchmake': { target: server, changeOrigin: true },
      // Colyseus room sockets: ws://host/<processId>/<roomId>?sessionId=… The game server takes WebSocket
      // upgrades from its own origin only (docs/server.md "Headers and origins"): the proxy presents that one.
      '^/[^/?]+/[^/?]+\\?sessionId=': { target: server, ws: true, changeOrigin: true, headers: { origin: server } },
    },
  },
}));
