package main

import (
	"context"

	"idaviz/engine"
)

// parallelIDA runs IDA* over several goroutines where the domain supports it.
func parallelIDA(ctx context.Context, d engine.Domain, opt engine.Options, workers int) (engine.Result, error) {
	return engine.IDA(ctx, d, opt)
}
