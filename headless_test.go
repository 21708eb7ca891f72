package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runCLI runs the headless modes as the command line would and returns
// what they printed on stdout.
func runCLI(args ...string) (string, int) {
	out, _, code := runCLI2(args...)
	return out, code
}

// runCLI2 is runCLI, with what was printed on stderr too.
func runCLI2(args ...string) (stdout, stderr string, code int) {
	var out, errs bytes.Buffer
	code = run(args, &out, &errs)
	return out.String(), errs.String(), code
}

var (
	runLine    = regexp.MustCompile(`^seed=\d+ deliveries=\d+ turns=\d+ letters=\d+ kills=\d+ cause=[a-z]+$`)
	totalsLine = regexp.MustCompile(`^runs=(\d+) turns=(\d+) deliveries=\d+ kills=\d+ explosions=\d+ purchases=\d+ wins=\d+ stranded=\d+ turns/s=\d+ hash=[0-9a-f]{16}$`)
	speed      = regexp.MustCompile(`turns/s=\d+`)
)

// TestAutoplayOutput checks the format and that the same arguments print
// the same lines apart from the speed.
func TestAutoplayOutput(t *testing.T) {
	first, code := runCLI("-autoplay", "3", "-seed", "5")
	require.Equal(t, exitOK, code, first)
	lines := strings.Split(strings.TrimSuffix(first, "\n"), "\n")
	require.Len(t, lines, 4, first)
	for i, l := range lines[:3] {
		assert.Regexp(t, runLine, l)
		assert.True(t, strings.HasPrefix(l, fmt.Sprintf("seed=%d ", 5+i)), l)
	}
	m := totalsLine.FindStringSubmatch(lines[3])
	require.NotNil(t, m, lines[3])
	assert.Equal(t, "3", m[1])
	second, code := runCLI("-autoplay=3", "--seed=5")
	require.Equal(t, exitOK, code)
	assert.Equal(t, speed.ReplaceAllString(first, ""), speed.ReplaceAllString(second, ""))
}

// TestRecordThenVerify records autoplayed runs and verifies each file, then
// breaks copies of one in the ways the exit codes tell apart.
func TestRecordThenVerify(t *testing.T) {
	dir := t.TempDir()
	out, code := runCLI("-autoplay", "2", "-seed", "11", "-record", dir)
	require.Equal(t, exitOK, code, out)
	turns := regexp.MustCompile(`turns=(\d+)`).FindAllStringSubmatch(out, -1)
	for i, seed := range []int{11, 12} {
		file := filepath.Join(dir, fmt.Sprintf("seed-%d.rec", seed))
		got, code := runCLI("-replay", file, "-verify")
		assert.Equal(t, exitOK, code, got)
		assert.Regexp(t, `^ok: `+turns[i][1]+` commands, hash=[0-9a-f]{16}\n$`, got)
	}

	text, err := os.ReadFile(filepath.Join(dir, "seed-11.rec"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	length := len(lines) - 7 // turns: six header lines and the end line
	tests := []struct {
		name  string
		edit  func([]string) []string
		extra []string
		code  int
		want  string
	}{
		{"desync", func(l []string) []string {
			l[9] = l[9][:len(l[9])-1] + flipHex(l[9][len(l[9])-1])
			return l
		}, nil, exitFailed, `^\S+bad\.rec:10: desync at command 4: expected [0-9a-f]{16}, got [0-9a-f]{16}\n$`},
		{"refused added", func(l []string) []string { l[9] += " refused"; return l }, nil, exitFailed,
			`^\S+bad\.rec:10: desync at command 4: "\S+" is recorded as refused, but the game took it\n$`},
		{"unreadable", func(l []string) []string { l[7] = "2 hover 0000000000000000"; return l }, nil, exitBad,
			`^\S+bad\.rec:8: unknown command "hover"\n$`},
		{"old logic", func(l []string) []string { l[1] = "logic 0"; return l }, nil, exitBad,
			`^\S+bad\.rec:2: recorded with logic version 0 .*re-bless`},
		{"last 30 lines cut", func(l []string) []string { return l[:len(l)-30] }, nil, exitIncomplete,
			fmt.Sprintf("^incomplete: %d commands, no end\n$", length-29)},
		{"other content", func(l []string) []string { l[3] = "content 0123456789abcdef more.toml"; return l }, nil, exitBad,
			`^\S+bad\.rec:4: made with content 0123456789abcdef \(the shipped data and more\.toml\), but this game loaded content [0-9a-f]{16} \(the shipped data\): start it with the same -content files\n$`},
		{"only the header", func(l []string) []string { return l[:6] }, nil, exitIncomplete,
			"^incomplete: 0 commands, no end\n$"},
		{"cut, accepted as a run in progress", func(l []string) []string { return l[:len(l)-30] }, []string{"-partial"}, exitOK,
			fmt.Sprintf(`^ok: %d commands, hash=[0-9a-f]{16}\n$`, length-29)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			edited := tt.edit(append([]string(nil), lines...))
			file := filepath.Join(t.TempDir(), "bad.rec")
			require.NoError(t, os.WriteFile(file, []byte(strings.Join(edited, "\n")+"\n"), 0o644))
			out, errOut, code := runCLI2(append([]string{"-replay", file, "-verify"}, tt.extra...)...)
			assert.Equal(t, tt.code, code, errOut)
			if tt.code == exitOK {
				assert.Regexp(t, tt.want, out, "the verdict of ok is on stdout")
				assert.Empty(t, errOut)
				return
			}
			assert.Regexp(t, tt.want, errOut, "a failure is told on stderr")
			assert.Empty(t, out, "stdout holds only a verdict of ok")
		})
	}
}

// TestVerifyFolder checks -verify on a folder: a line for every recording
// in name order, the count, and the exit code of the first that fails.
func TestVerifyFolder(t *testing.T) {
	dir := t.TempDir()
	out, code := runCLI("-autoplay", "3", "-seed", "21", "-record", dir)
	require.Equal(t, exitOK, code, out)
	names := []string{"seed-21.rec", "seed-22.rec", "seed-23.rec"}

	out, errOut, code := runCLI2("-replay", dir, "-verify")
	require.Equal(t, exitOK, code, errOut)
	assert.Empty(t, errOut)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 4, out)
	for i, name := range names {
		assert.Regexp(t, "^"+regexp.QuoteMeta(filepath.Join(dir, name))+`: ok: \d+ commands, hash=[0-9a-f]{16}$`, lines[i])
	}
	assert.Equal(t, "3 recordings checked, 0 failed.", lines[3])

	// The second is cut short and the third made to disagree with its
	// hashes: the cut one, first in name order, gives the exit code, and
	// each is told on stderr by its name.
	edit := func(name string, change func([]string) []string) {
		file := filepath.Join(dir, name)
		text, err := os.ReadFile(file)
		require.NoError(t, err)
		l := change(strings.Split(strings.TrimSuffix(string(text), "\n"), "\n"))
		require.NoError(t, os.WriteFile(file, []byte(strings.Join(l, "\n")+"\n"), 0o644))
	}
	edit(names[1], func(l []string) []string { return l[:len(l)-5] })
	edit(names[2], func(l []string) []string {
		l[9] = l[9][:len(l[9])-1] + flipHex(l[9][len(l[9])-1])
		return l
	})
	out, errOut, code = runCLI2("-replay", dir, "-verify")
	assert.Equal(t, exitIncomplete, code, errOut)
	assert.Regexp(t, "^"+regexp.QuoteMeta(filepath.Join(dir, names[0]))+": ok: ", out)
	assert.Contains(t, out, "3 recordings checked, 2 failed.")
	failures := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	require.Len(t, failures, 2, errOut)
	assert.Regexp(t, "^"+regexp.QuoteMeta(filepath.Join(dir, names[1]))+": incomplete: ", failures[0])
	assert.Regexp(t, "^"+regexp.QuoteMeta(filepath.Join(dir, names[2]))+":10: desync at command 4", failures[1])

	_, errOut, code = runCLI2("-replay", t.TempDir(), "-verify")
	assert.Equal(t, exitBad, code)
	assert.Contains(t, errOut, "no recording")
}

// flipHex changes a hex digit, keeping it a hex digit.
func flipHex(c byte) string {
	if c == '0' {
		return "1"
	}
	return "0"
}

// TestHeadlessArguments checks the mistakes only the headless modes can
// make: each is one line on stderr, with the usage, and exit 2.
func TestHeadlessArguments(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-verify"}, "lastpost: -verify needs -replay FILE\n"},
		{[]string{"-autoplay", "0"}, "lastpost: -autoplay needs a number of runs above zero\n"},
		{[]string{"-autoplay", "1", "-verify", "-replay", "x"}, "lastpost: -verify and -autoplay cannot be combined\n"},
		{[]string{"-autoplay", "1", "-replay", "x"}, "lastpost: -replay and -autoplay cannot be combined\n"},
		{[]string{"-autoplay", "1", "extra"}, "lastpost: unexpected argument \"extra\"\n"},
		{[]string{"-record", "dir"}, "lastpost: -record, -stats, -bot and -jobs need -autoplay N\n"},
		{[]string{"-stats"}, "lastpost: -record, -stats, -bot and -jobs need -autoplay N\n"},
		{[]string{"-jobs", "2"}, "lastpost: -record, -stats, -bot and -jobs need -autoplay N\n"},
		{[]string{"-autoplay", "1", "-jobs", "0"}, "lastpost: -jobs needs a number above zero: how many runs play at once\n"},
		{[]string{"-bot", "wild", "-autoplay", "1"}, "lastpost: unknown bot style \"wild\": careful or reckless\n"},
		{[]string{"-partial", "-replay", "x"}, "lastpost: -partial needs -replay FILE -verify\n"},
		{[]string{"-cpuprofile", "cpu.prof"}, "lastpost: -cpuprofile needs -autoplay N or -replay FILE -verify\n"},
		{[]string{"-cpuprofile", "cpu.prof", "-replay", "x"}, "lastpost: -cpuprofile needs -autoplay N or -replay FILE -verify\n"},
		{[]string{"-autoplay", "1", "-bogus"}, "lastpost: flag provided but not defined: -bogus\n"},
		{[]string{"-autoplay", "2", "-seed", "18446744073709551615"},
			"lastpost: -autoplay 2 from -seed 18446744073709551615 would go past the largest seed: use a seed of at most 18446744073709551614\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tt.args, &stdout, &stderr)
			assert.Equal(t, exitBad, code)
			assert.Empty(t, stdout.String())
			assert.True(t, strings.HasPrefix(stderr.String(), tt.want+"Usage: lastpost"), stderr.String())
		})
	}
	out, got, code := runCLI2("-replay", "/no/such.rec", "-verify")
	assert.Equal(t, exitBad, code)
	assert.Empty(t, out)
	assert.Equal(t, "/no/such.rec: cannot open: no such file or directory\n", got, "an unreadable recording is -verify's answer, on stderr")
}

// requireSameOutputWith runs the command line args, then args and extra, a
// flag that writes a file: both succeed, and print the same but for the
// speed, as the file takes what the flag adds.
func requireSameOutputWith(t *testing.T, args []string, extra ...string) {
	t.Helper()
	plain, code := runCLI(args...)
	require.Equal(t, exitOK, code, plain)
	with, code := runCLI(append(args, extra...)...)
	require.Equal(t, exitOK, code, with)
	assert.Equal(t, speed.ReplaceAllString(plain, ""), speed.ReplaceAllString(with, ""),
		"%v writes to its file only", extra)
}

// TestTraceInTheHeadlessModes runs -autoplay and -verify with -trace: the
// file gets the rule trace of every command, on the road and at camps, and
// stdout stays as it is without -trace.
func TestTraceInTheHeadlessModes(t *testing.T) {
	tests := []struct {
		name string
		args []string
		// camp lists what the trace of a run that reaches a camp shows:
		// the arrival, its pay and the departure, each with its rules.
		camp []string
	}{
		{"autoplay", []string{"-autoplay", "1", "-seed", "3"}, []string{"ReachCamp(#", "camp arrival accept -> Pay(#",
			"Restock(#0)", "Depart(#", "command place accept"}},
		{"verify", []string{"-replay", filepath.Join("testdata", "replays", "auto-0005.rec"), "-verify"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			trace := filepath.Join(t.TempDir(), "trace.txt")
			requireSameOutputWith(t, tt.args, "-trace", trace)
			b, err := os.ReadFile(trace)
			require.NoError(t, err)
			text := string(b)
			assert.Contains(t, text, "# turn 1: ")
			assert.Contains(t, text, "| committed")
			assert.Greater(t, strings.Count(text, "\n"), 100, "one line per action of every road turn")
			for _, want := range tt.camp {
				assert.Contains(t, text, want, "camp actions are traced as road actions are")
			}
		})
	}
}

// TestOnlyRegularFilesAreReadFromTheCommandLine gives a FIFO or a folder
// where a recording or a config belongs: the game says so at once, on
// stderr, with exit 2, and touches no terminal. -verify takes a folder of
// recordings (TestVerifyFolder); an empty one it names as such.
func TestOnlyRegularFilesAreReadFromTheCommandLine(t *testing.T) {
	kinds := []struct {
		name string
		make func(t *testing.T) string
	}{
		{"a FIFO", func(t *testing.T) string {
			path := filepath.Join(t.TempDir(), "pipe")
			require.NoError(t, syscall.Mkfifo(path, 0o600))
			return path
		}},
		{"a folder", func(t *testing.T) string { return t.TempDir() }},
	}
	uses := []struct {
		name string
		args func(path string) []string
	}{
		{"-replay -verify", func(p string) []string { return []string{"-replay", p, "-verify"} }},
		{"-replay", func(p string) []string { return []string{"-replay", p, "-data-dir", filepath.Join(p, "no")} }},
		{"-config", func(p string) []string { return []string{"-config", p, "-data-dir", filepath.Join(p, "no")} }},
	}
	for _, k := range kinds {
		for _, u := range uses {
			t.Run(u.name+" "+k.name, func(t *testing.T) {
				t.Setenv("TERM", "")
				path := k.make(t)
				type result struct {
					out, errs string
					code      int
				}
				done := make(chan result, 1)
				go func() {
					out, errs, code := runCLI2(u.args(path)...)
					done <- result{out, errs, code}
				}()
				select {
				case r := <-done:
					assert.Equal(t, exitBad, r.code, r.errs)
					assert.Empty(t, r.out)
					want := path + ": not a regular file\n"
					if k.name == "a folder" && u.name == "-replay -verify" {
						want = path + ": no recording (a file ending in .rec) in this folder\n"
					}
					assert.Equal(t, want, strings.TrimPrefix(r.errs, "lastpost: "))
				case <-time.After(10 * time.Second):
					t.Fatalf("%s on %s did not return", u.name, k.name)
				}
			})
		}
	}
}
