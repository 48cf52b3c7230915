#!/usr/bin/env node
// Renders pages for `python -m splash publish`: reads [{url, payload}] as JSON on stdin and
// writes [{html, head}] as JSON on stdout, all in this one process.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// React's production build (the development one renders the same HTML at half the speed); set
// before the server entry imports React, which picks its build by NODE_ENV.
process.env.NODE_ENV = "production";
const here = dirname(fileURLToPath(import.meta.url));
const { render } = await import(pathToFileURL(join(here, "..", "dist-server", "entry-server.js")).href);
const jobs = JSON.parse(readFileSync(0, "utf8"));
const results = [];
for (const job of jobs) results.push(await render(job.url, job.payload));
process.stdout.write(JSON.stringify(results));
