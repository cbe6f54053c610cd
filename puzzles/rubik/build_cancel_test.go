package rubik

import (
	"context"
	"errors"
	"os"
	"runtime"
	"testing"
	"time"

	"idaviz/puzzles/pdb"
)

// TestBuildCancelsAndDoesNotBlock: while the corner database builds for one
// caller, a heuristic with no database loads at once; when that caller gives
// up, the build stops within a moment and leaves no file and no goroutine.
func TestBuildCancelsAndDoesNotBlock(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real database build")
	}
	dir := t.TempDir()
	t.Setenv("IDAVIZ_CACHE_DIR", dir)
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{}, 1)
	errc := make(chan error, 1)
	go func() {
		_, err := LoadHeuristic(ctx, "corners", func(p pdb.Progress) {
			select {
			case started <- struct{}{}:
			default:
			}
		})
		errc <- err
	}()
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		t.Fatal("the build reported no progress")
	}
	t0 := time.Now()
	if _, err := LoadHeuristic(context.Background(), "simple", nil); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(t0); d > time.Second {
		t.Errorf("a heuristic with no database waited %v for another's build", d)
	}
	t1 := time.Now()
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("LoadHeuristic after cancel: %v", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	t.Logf("the build stopped %v after its only caller gave up", time.Since(t1))
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines left, %d before", n, before)
	}
	ents, _ := os.ReadDir(dir + "/pdb")
	for _, e := range ents {
		t.Errorf("the cancelled build left %s", e.Name())
	}
}
