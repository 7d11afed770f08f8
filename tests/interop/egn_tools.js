#!/usr/bin/env node
// EGN's own tools on the files given, as a user of the package would run them: for each file
// one JSON line on stdout.
//
//   node egn_tools.js PACKAGE_DIR FILE...
//
// PACKAGE_DIR is a built copy of the euchre-game-notation package (its dist/src/index.js).
// A file ending in .emn is checked with validateEmn and packed with emnToBinary and back.
// Any other file is checked with validateEgn, then packed by the converter into its condensed
// and its expanded binary form (convertEgnFileToBinData, what egn-convert does) and unpacked
// again (convertBinDataToEgnFile); and each deal is played by EGN's own rules engine (the
// baseline replayer's compileDealSteps): the points it scores and the tricks each team takes.
// A file ending in .egnb is unpacked first.
//
//   {"file": ..., "valid": true|false, "errors": [...],
//    "condensed": {"ok": true, "back": ...} | {"ok": false, "error": ...}, "expanded": {...},
//    "engine": [{"points": [team 0, team 1], "tricks": [team 0, team 1]} | {"error": ...}, ...]}
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [packageDir, ...files] = process.argv.slice(2);
const egn = require(path.resolve(packageDir, "dist", "src", "index.js"));

// The rules engine is a browser script of the package's sources: run it in a context of its
// own and call its compileDealSteps.
const engine = vm.createContext({});
vm.runInContext(
  fs.readFileSync(path.resolve(packageDir, "src", "baseline-replayer", "rules-engine.js"), "utf8"),
  engine,
);

function played(data) {
  return data.deals.map((deal) => {
    try {
      const steps = engine.compileDealSteps(deal, data.metadata);
      const last = steps[steps.length - 1];
      const tricks = [0, 0];
      tricks[last.callingTeam] = last.callingTeamTricks;
      tricks[1 - last.callingTeam] = last.defendingTeamTricks;
      return { points: last.scoreChange || [0, 0], tricks };
    } catch (error) {
      return { error: String(error.message || error) }; // a game it does not play (a Joker)
    }
  });
}

function errorsOf(result) {
  return (result.errors || []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}

function packed(data, condensed) {
  try {
    const bytes = egn.convertEgnFileToBinData(data, condensed);
    const back = egn.convertBinDataToEgnFile(bytes);
    return { ok: true, bytes: bytes.length, deals: back.deals.length, back };
  } catch (error) {
    return { ok: false, error: String(error.message || error) };
  }
}

for (const file of files) {
  const out = { file };
  try {
    if (file.endsWith(".egnb")) {
      const data = egn.convertBinDataToEgnFile(fs.readFileSync(file));
      out.valid = egn.validateEgn(data).isValid;
      out.json = data;
    } else if (file.endsWith(".emn")) {
      const data = JSON.parse(fs.readFileSync(file, "utf8"));
      const result = egn.emn.validateEmn(data);
      out.valid = result.isValid;
      out.errors = errorsOf(result);
      if (result.isValid) {
        const back = egn.emn.binaryToEmn(egn.emn.emnToBinary(data));
        out.binary = { ok: true, games: back.games.length };
      }
    } else {
      const data = JSON.parse(fs.readFileSync(file, "utf8"));
      const result = egn.validateEgn(data);
      out.valid = result.isValid;
      out.errors = errorsOf(result);
      if (result.isValid) {
        out.condensed = packed(data, true);
        out.expanded = packed(data, false);
        out.engine = played(data);
      }
    }
  } catch (error) {
    out.valid = false;
    out.errors = [String(error.message || error)];
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}
