// Swaps a directory and a file inside the root between the real thing and a symbolic link to the outside, as
// fast as it can, until it is told to stop (SIGTERM), or after ten minutes should its parent be gone. Writes the
// number of swaps on exit.
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [root] = process.argv.slice(2);
// the monotonic clock, as the test's own pacing: a wall clock can jump
const until = performance.now() + 10 * 60_000;
const dir = join(root, "dir");
const dirStash = join(root, "dir.real");
const dirLink = join(root, "dir.link");
const file = join(root, "b.groovy");
const fileStash = join(root, "b.real");
const fileLink = join(root, "b.link");
let swaps = 0;
let stop = false;
process.on("SIGTERM", () => (stop = true));
const step = () => {
  for (let i = 0; i < 100 && performance.now() < until && !stop; i++) {
    // to the link: the real directory steps aside, the link takes its name; then back
    renameSync(dir, dirStash);
    renameSync(dirLink, dir);
    renameSync(file, fileStash);
    renameSync(fileLink, file); // a file may be replaced atomically
    renameSync(dir, dirLink);
    renameSync(dirStash, dir);
    renameSync(file, fileLink);
    renameSync(fileStash, file);
    swaps += 2;
  }
  if (performance.now() < until && !stop) setTimeout(step, 1); // a breath between bursts: the machine is shared
  else {
    writeFileSync(join(root, "..", "swaps.txt"), String(swaps));
    process.exit(0);
  }
};
step();
