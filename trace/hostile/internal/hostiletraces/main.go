// Command hostiletraces writes the hostile trace files (package
// trace/hostile) into a directory, for measuring the commands on them by
// hand (docs/SECURITY.md):
//
//	go run ./trace/hostile/internal/hostiletraces DIR
package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"idaviz/trace/hostile"
)

func main() {
	if len(os.Args) != 2 || os.Args[1] == "" || os.Args[1][0] == '-' {
		fmt.Fprintln(os.Stderr, "usage: hostiletraces DIR (the directory the files go to; made if missing)")
		os.Exit(2)
	}
	if err := write(os.Stdout, os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "hostiletraces:", err)
		os.Exit(1)
	}
}

// write writes every hostile file into dir and names each on w.
func write(w io.Writer, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := hostile.Files()
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
		fmt.Fprintf(w, "%s (%d bytes)\n", path, len(files[name]))
	}
	return nil
}
