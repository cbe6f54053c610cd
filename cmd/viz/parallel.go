package main

import (
	"context"
	"errors"
	"fmt"

	"idaviz/engine"
)

// parallelIDA runs IDA* over several goroutines; a puzzle whose domain cannot
// be cloned is a usage error, named as such.
func parallelIDA(ctx context.Context, d engine.Domain, opt engine.Options, workers int) (engine.Result, error) {
	res, err := engine.ParallelIDA(ctx, d, opt, workers)
	if errors.Is(err, engine.ErrNotCloner) {
		return res, fmt.Errorf("--workers %d: this puzzle cannot be searched in parallel: %w", workers, err)
	}
	return res, err
}
