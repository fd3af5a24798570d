// Preloaded (node --import) into the cold runs' child processes: writes the process's CPU time (user and system, µs)
// to the file ACP_BENCH_CPU_OUT names when it exits, however it exits.
import { writeFileSync } from "node:fs";

const target = process.env.ACP_BENCH_CPU_OUT;
if (target) process.on("exit", () => writeFileSync(target, JSON.stringify(process.cpuUsage())));
