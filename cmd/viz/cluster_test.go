package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const clusterDir = "../../examples/cluster"

// yamlDocs splits a manifest into its documents, each a map of the keys
// found at any depth to their values: enough to check a few settings
// without a YAML library.
func yamlDocs(t *testing.T, name string) []map[string][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(clusterDir, name))
	if err != nil {
		t.Fatal(err)
	}
	key := regexp.MustCompile(`^(\s*)(?:- )?([A-Za-z_][A-Za-z0-9_]*):\s*(.*)$`)
	var docs []map[string][]string
	doc := map[string][]string{}
	for i, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "---" {
			docs, doc = append(docs, doc), map[string][]string{}
			continue
		}
		if strings.Contains(line, "\t") {
			t.Errorf("%s:%d: a tab, which YAML does not allow in indentation", name, i+1)
		}
		if m := key.FindStringSubmatch(line); m != nil && !strings.HasPrefix(strings.TrimSpace(line), "#") {
			doc[m[2]] = append(doc[m[2]], strings.TrimSpace(m[3]))
		}
	}
	return append(docs, doc)
}

// TestClusterManifests: the Kubernetes example is an Indexed Job whose
// --shard auto/N is its completions, on a PersistentVolumeClaim that holds
// IDAVIZ_CACHE_DIR; every document has an apiVersion and a kind.
func TestClusterManifests(t *testing.T) {
	var job map[string][]string
	claims := map[string]bool{}
	for _, name := range []string{"tables.yaml", "compare-job.yaml", "merge-job.yaml"} {
		for i, d := range yamlDocs(t, name) {
			if len(d["apiVersion"]) != 1 || len(d["kind"]) != 1 {
				t.Errorf("%s, document %d: apiVersion %v, kind %v", name, i+1, d["apiVersion"], d["kind"])
				continue
			}
			if d["kind"][0] == "PersistentVolumeClaim" {
				claims[d["name"][0]] = true
			}
			if name == "compare-job.yaml" && d["kind"][0] == "Job" {
				job = d
			}
		}
	}
	if job == nil {
		t.Fatal("compare-job.yaml has no kind: Job")
	}
	if got := job["completionMode"]; len(got) != 1 || got[0] != "Indexed" {
		t.Errorf("completionMode %v, want Indexed", got)
	}
	n, p := job["completions"], job["parallelism"]
	if len(n) != 1 || len(p) != 1 {
		t.Fatalf("completions %v, parallelism %v", n, p)
	}
	b, _ := os.ReadFile(filepath.Join(clusterDir, "compare-job.yaml"))
	if want := "--shard auto/" + n[0] + "\n"; !strings.Contains(string(b), want) {
		t.Errorf("compare-job.yaml lacks %q: N is the Job's completions", want)
	}
	if !strings.Contains(strings.Join(job["value"], " "), "/data/cache") || !slices.Contains(job["name"], "IDAVIZ_CACHE_DIR") {
		t.Errorf("the Job sets no IDAVIZ_CACHE_DIR on the volume: %v %v", job["name"], job["value"])
	}
	if len(job["claimName"]) != 1 || !claims[job["claimName"][0]] {
		t.Errorf("the Job mounts claim %v; tables.yaml makes %v", job["claimName"], claims)
	}
}

// TestClusterSlurmScripts: the Slurm scripts are valid bash, and the
// array's tasks find their slice with --shard auto.
func TestClusterSlurmScripts(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, name := range []string{"compare.sbatch", "submit.sh"} {
		if out, err := exec.Command(bash, "-n", filepath.Join(clusterDir, name)).CombinedOutput(); err != nil {
			t.Errorf("bash -n %s: %v\n%s", name, err, out)
		}
	}
	b, _ := os.ReadFile(filepath.Join(clusterDir, "compare.sbatch"))
	for _, want := range []string{"#SBATCH --array=", "--shard auto ", "IDAVIZ_CACHE_DIR"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("compare.sbatch lacks %q", want)
		}
	}
}
