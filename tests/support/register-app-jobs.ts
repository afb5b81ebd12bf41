/**
 * Vitest setup file: registers the app's jobs with the queue before each test file, as the process
 * entries (server.ts, workers/main.ts) do. The queue itself knows no domain job (app/jobs.server.ts).
 */
import { registerAppJobs } from "~/jobs.server";

registerAppJobs();
