//go:build !linux

package main

import "time"

// workerThreads: the worker's CPU time is read from Linux's /proc only.
func workerThreads() []string { return nil }

func threadsCPU([]string) (ran, waited time.Duration) { return 0, 0 }
