// Preloaded into a server by test/host/exit-during-start.test.ts (NODE_OPTIONS=--require): records each call of
// process.reallyExit (what process.exit ends in) to the file named by GROOVYMCP_TEST_EXIT_RECORD, so the test can
// tell an exit through the event loop running empty from one through process.exit, which can deadlock.
const { appendFileSync } = require("node:fs");
const file = process.env.GROOVYMCP_TEST_EXIT_RECORD;
const reallyExit = process.reallyExit;
process.reallyExit = function recordedReallyExit(code) {
  if (file) appendFileSync(file, `${process.pid} ${code}\n`);
  return reallyExit.call(process, code);
};
