package rubik

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"idaviz/puzzles/pdb"
)

// hangs is how long a test waits for what must happen before it calls it a
// hang: generous, for a loaded machine; nothing waits this long when all is
// well. The same limit as the web package's and puzzles/pdb's.
const hangs = 60 * time.Second

// TestBuildCancelsAndDoesNotBlock: while the corner database builds for one
// caller (held at its first progress report), a heuristic with no database
// loads; when that caller gives up, the build stops and leaves no file.
func TestBuildCancelsAndDoesNotBlock(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real database build")
	}
	dir := t.TempDir()
	t.Setenv("IDAVIZ_CACHE_DIR", dir)
	ended := make(chan error, 1)
	loadEnded = func(table string, err error) {
		if table == PatternCorners.Name {
			ended <- err
		}
	}
	t.Cleanup(func() { loadEnded = nil })
	ctx, cancel := context.WithCancel(context.Background())
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	errc := make(chan error, 1)
	go func() {
		_, err := LoadHeuristic(ctx, "corners", func(p pdb.Progress) {
			once.Do(func() {
				close(started)
				<-release
			})
		})
		errc <- err
	}()
	select {
	case <-started:
	case <-time.After(hangs):
		t.Fatal("the build reported no progress")
	}
	simple := make(chan error, 1)
	go func() {
		_, err := LoadHeuristic(context.Background(), "simple", nil)
		simple <- err
	}()
	select {
	case err := <-simple:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(hangs):
		t.Fatal("a heuristic with no database waits for another's build")
	}
	cancel()
	close(release)
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("LoadHeuristic after cancel: %v", err)
	}
	select {
	case err := <-ended:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("the build ended with %v, want context.Canceled", err)
		}
	case <-time.After(hangs):
		t.Fatal("the build goes on after its only caller gave up")
	}
	ents, _ := os.ReadDir(dir + "/pdb")
	for _, e := range ents {
		t.Errorf("the cancelled build left %s", e.Name())
	}
}
