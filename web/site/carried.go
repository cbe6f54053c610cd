//go:build sitewasm

package site

import _ "embed"

// A release carries the engine, built ahead by .ci/release into engine/
// (not committed: it is generated), so viz site needs no Go.

//go:embed engine/engine.wasm
var carriedWasm []byte

//go:embed engine/wasm_exec.js
var carriedExec []byte

func carried() (Engine, bool) { return Engine{Wasm: carriedWasm, Exec: carriedExec}, true }
