package site

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// module is this module's path, as its go.mod names it.
const module = "idaviz"

// workerPackage is the engine's main package, compiled to WebAssembly.
const workerPackage = "./web/site/worker"

// ErrNoEngine says the engine can be neither compiled nor found in this
// binary.
var ErrNoEngine = errors.New("no engine for the browser")

// LoadEngine returns the engine this binary carries (a release, built with
// the sitewasm tag: .ci/release), or else compiles it with the Go
// toolchain from idaviz's source: the checkout in the working directory or
// above it, or the one this binary was built from (go run ./cmd/viz).
// logf says what it does, for a compilation takes a while the first time.
func LoadEngine(ctx context.Context, logf func(format string, args ...any)) (Engine, error) {
	if e, ok := carried(); ok {
		return e, nil
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		return Engine{}, fmt.Errorf("%w: this viz does not carry one (a release binary does), and compiling it needs Go (%v): install Go and run viz site in idaviz's source, or download a release", ErrNoEngine, err)
	}
	root, err := sourceRoot(ctx, goTool)
	if err != nil {
		return Engine{}, fmt.Errorf("%w: this viz does not carry one (a release binary does), and compiling it needs idaviz's source: %v", ErrNoEngine, err)
	}
	goroot, err := goOutput(ctx, goTool, root, nil, "env", "GOROOT")
	if err != nil {
		return Engine{}, err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", execName))
	if err != nil {
		return Engine{}, fmt.Errorf("the Go runtime's JavaScript for WebAssembly: %w", err)
	}
	tmp, err := os.MkdirTemp("", "viz-site-")
	if err != nil {
		return Engine{}, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, wasmName)
	logf("compiling the engine for the browser (GOOS=js GOARCH=wasm go build %s in %s)", workerPackage, root)
	if _, err := goOutput(ctx, goTool, root, []string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0"},
		"build", "-trimpath", "-ldflags=-s -w", "-o", out, workerPackage); err != nil {
		return Engine{}, err
	}
	wasm, err := os.ReadFile(out)
	if err != nil {
		return Engine{}, err
	}
	return Engine{Wasm: wasm, Exec: execJS}, nil
}

// goOutput runs the go command in dir and returns its output, trimmed; a
// failure carries what it printed.
func goOutput(ctx context.Context, goTool, dir string, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, goTool, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(b)), nil
}

// sourceRoot finds idaviz's source: the module the working directory is
// in, else the one this binary was compiled from (its path is known when
// built without -trimpath, as go run builds).
func sourceRoot(ctx context.Context, goTool string) (string, error) {
	var tried []string
	if wd, err := os.Getwd(); err == nil {
		if gomod, err := goOutput(ctx, goTool, wd, nil, "env", "GOMOD"); err == nil && gomod != "" && gomod != os.DevNull {
			if isModule(gomod) {
				return filepath.Dir(gomod), nil
			}
			tried = append(tried, gomod)
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		gomod := filepath.Join(filepath.Dir(file), "..", "..", "go.mod")
		if isModule(gomod) {
			return filepath.Dir(gomod), nil
		}
		tried = append(tried, gomod)
	}
	if len(tried) == 0 {
		return "", errors.New("run viz site in idaviz's folder (the one with its go.mod)")
	}
	return "", fmt.Errorf("none of %s is idaviz's go.mod: run viz site in idaviz's folder", strings.Join(tried, ", "))
}

// isModule reports whether the go.mod at path is this module's.
func isModule(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(name), `"`) == module
		}
	}
	return false
}
