//go:build !sitewasm

package site

// Without the sitewasm tag (a source checkout), viz site compiles the
// engine: LoadEngine.
func carried() (Engine, bool) { return Engine{}, false }
