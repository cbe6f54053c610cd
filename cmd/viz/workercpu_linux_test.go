package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// workerThreads are the Web Worker threads of the chromium this test
// process started (its descendants), as /proc names them: the CPU time of
// a site's engine. Other processes' browsers (a shared machine's) are not
// counted.
func workerThreads() []string {
	parent := map[int]int{}
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		b, err := os.ReadFile(p + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so after the last ')'.
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) < 2 {
			continue
		}
		pid, err1 := strconv.Atoi(filepath.Base(p))
		ppid, err2 := strconv.Atoi(f[1])
		if err1 == nil && err2 == nil {
			parent[pid] = ppid
		}
	}
	self := os.Getpid()
	var out []string
	for pid := range parent {
		mine := false
		for p, n := parent[pid], 0; p > 1 && n < 64; p, n = parent[p], n+1 {
			if p == self {
				mine = true
				break
			}
		}
		if !mine {
			continue
		}
		tasks, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/[0-9]*")
		for _, t := range tasks {
			if c, err := os.ReadFile(t + "/comm"); err == nil && strings.HasPrefix(string(c), "DedicatedWorker") {
				out = append(out, t)
			}
		}
	}
	return out
}

// threadsCPU is the time the threads have run on a CPU, and the time they
// waited for one, ready to run (/proc/.../schedstat, in nanoseconds): the
// rest of the wall clock they slept.
func threadsCPU(tasks []string) (ran, waited time.Duration) {
	for _, t := range tasks {
		b, err := os.ReadFile(t + "/schedstat")
		if err != nil {
			continue
		}
		if f := strings.Fields(string(b)); len(f) > 1 {
			r, err1 := strconv.ParseInt(f[0], 10, 64)
			w, err2 := strconv.ParseInt(f[1], 10, 64)
			if err1 == nil && err2 == nil {
				ran, waited = ran+time.Duration(r), waited+time.Duration(w)
			}
		}
	}
	return ran, waited
}
