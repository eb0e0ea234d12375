// node decide-all.mjs PLUGIN_FILE < {"hooks":[…],"dialect":"…","payloads":[…],"env":{…}}
// Runs every payload through the built engine (dist/plugin.mjs, the runner guards.cjs runs) in this one
// process, and prints one answer per payload as a JSON array: the dialect's JSON, or { block } for a
// block told only on stderr.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { decide } = await import(pathToFileURL(process.argv[2]).href);
const job = JSON.parse(readFileSync(0, "utf8"));
const answers = [];
for (const payload of job.payloads) answers.push(await decide(job.hooks, job.dialect, payload, job.env));
process.stdout.write(JSON.stringify(answers));
