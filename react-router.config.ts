import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // The integration tests build a development-mode copy into .test-build (tests/support/test-build.ts).
  buildDirectory: process.env.REACT_ROUTER_BUILD_DIRECTORY || "build",
  // React Router v8's behaviour changes, decided one by one (each `false` keeps today's v7
  // behaviour on purpose; setting the flag also silences its start-up warning):
  // - v8_middleware: server.ts passes a plain load context ({ clientIp, forwarded }); middleware
  //   needs a RouterContextProvider there and every loader reading `context` to change. Later.
  // - v8_splitRouteModules: client bundles are small already; splitting adds requests per route.
  // - v8_viteEnvironmentApi: `npm run dev` (server.ts --dev) loads the server build through Vite's
  //   ssrLoadModule, which the environment API replaces.
  // - v8_passThroughRequests, v8_trailingSlashAwareDataRequests: the `.data` request URLs and the
  //   request objects loaders see stay as the route tests assert them.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
