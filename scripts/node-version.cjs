// The Node.js versions canopy runs on: package.json's `engines.node`, which a unit test holds this
// copy to. Plain CommonJS with no dependencies and no syntax newer than old Node's, because it
// must run on the very Node versions it refuses: `npm ci` runs it as the preinstall script, and
// bin/canopy.js before it loads anything else.
//
//   node scripts/node-version.cjs     exits 1 with a message on stderr when this Node is unsupported
"use strict";

var SUPPORTED_RANGE = "^22.12.0 || ^24.0.0 || ^26.0.0";

function parseVersion(text) {
  var match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(text).trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Whether `version` ("22.12.0" or "v22.12.0") satisfies one of the caret ranges of SUPPORTED_RANGE. */
function isSupportedNode(version) {
  var have = parseVersion(version);
  if (!have) return false;
  return SUPPORTED_RANGE.split("||").some((range) => {
    var want = parseVersion(range.trim().replace(/^\^/, ""));
    if (!want || have[0] !== want[0]) return false;
    if (have[1] !== want[1]) return have[1] > want[1];
    return have[2] >= want[2];
  });
}

function unsupportedNodeMessage(version) {
  return (
    "canopy needs Node.js 22 (22.12 or later), 24 or 26 (package.json engines: " +
    SUPPORTED_RANGE +
    "); " +
    "this is Node.js " +
    version +
    ". Install a supported version and run the command again."
  );
}

/** Exits 1 with the message on stderr when the running Node is not supported. */
function refuseUnsupportedNode() {
  if (isSupportedNode(process.versions.node)) return;
  process.stderr.write(`${unsupportedNodeMessage(process.version)}\n`);
  process.exit(1);
}

module.exports = {
  SUPPORTED_RANGE: SUPPORTED_RANGE,
  isSupportedNode: isSupportedNode,
  unsupportedNodeMessage: unsupportedNodeMessage,
  refuseUnsupportedNode: refuseUnsupportedNode,
};

if (require.main === module) refuseUnsupportedNode();
