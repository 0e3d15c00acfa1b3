'use strict';
// The first step of `npm start`, `npm test` and `npm run dev` (see package.json): stops at once, saying what to
// install, when the Node.js running them is older than package.json's `engines.node`. It must run on any old
// Node.js, so it is CommonJS in plain old JavaScript and needs no packages.
var fs = require('fs');
var path = require('path');

/** [major, minor, patch] of "v24.15.0" or "24.15.0", or null. */
function parseVersion(version) {
  var match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(version));
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** The lowest version `engines.node` allows; only the ">=X.Y.Z" form is used here. */
function floorOf(range) {
  var match = /^\s*>=\s*v?(\d+\.\d+\.\d+)\s*$/.exec(String(range));
  if (!match) throw new Error('engines.node in package.json must read ">=X.Y.Z", not ' + JSON.stringify(range) + '.');
  return match[1];
}

function isAtLeast(version, floor) {
  for (var index = 0; index < 3; index += 1) {
    if (version[index] !== floor[index]) return version[index] > floor[index];
  }
  return true;
}

/** What is wrong with running on Node.js `version` when package.json asks for `range`, or null when it is fine. */
function nodeVersionProblem(version, range) {
  var floor = floorOf(range);
  var parsed = parseVersion(version);
  if (parsed && isAtLeast(parsed, parseVersion(floor))) return null;
  var major = floor.split('.')[0];
  return [
    'This project needs Node.js ' +
      floor +
      ' or later (Node.js ' +
      major +
      ', the current long-term support release), but this is Node.js ' +
      String(version).replace(/^v/, '') +
      '.',
    'Install Node.js ' + major + ' LTS from https://nodejs.org/en/download (or run `nvm install ' + major + '` if you use nvm),',
    'then run `npm ci` again (packages installed under an older Node.js may not work), and then this command again.',
  ].join('\n');
}

module.exports = { nodeVersionProblem: nodeVersionProblem };

if (require.main === module) {
  var manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
  var problem = nodeVersionProblem(process.version, manifest.engines.node);
  if (problem) {
    process.stderr.write(problem + '\n');
    process.exit(1);
  }
}
