package archive

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/ecs/geom"
	"lastpost/game"
	"lastpost/rules/act"
	"lastpost/rules/vocab"
)

// bless rewrites the golden corpus, and with it the generated malformed
// recordings: go test ./archive -run TestGoldenCorpus -bless
var bless = flag.Bool("bless", false, "rewrite the golden corpus in testdata/replays from autoplay (hand runs re-simulated) "+
	"and the generated malformed recordings in testdata/bad/recording")

// corpusDir holds the golden recordings.
const corpusDir = "../testdata/replays"

// What the corpus must hold.
const (
	corpusMinFiles = 20
	corpusMinTurns = 100_000
	fumbleRuns     = 5    // bot runs with clumsy inputs mixed in, standing in for hand play
	blessSeedLimit = 5000 // how far bless searches for a run that covers something missing
)

// tally names one thing the corpus coverage counts.
type tally int

// The tallies: what a recording holds and how it ends, then the commands the
// game took, by kind.
const (
	tFiles tally = iota
	tTurns
	tRefused
	tChains // turns in which two or more barrels went up
	tDeaths
	tWins
	tCapped
	tCamps
	tPurchases
	tMounts
	tUnmounts
	tDiscards
	tUses
	tResumes // saves continued
	tallyCount
)

var tallyNames = [tallyCount]string{"files", "turns", "refused", "chains", "deaths", "wins", "capped",
	"camps", "purchases", "mounts", "unmounts", "discards", "uses", "resumes"}

// tallyOf is the tally a command taken by the game counts toward.
var tallyOf = map[game.CommandKind]tally{
	game.CmdDepart: tCamps, game.CmdBuy: tPurchases, game.CmdMount: tMounts, game.CmdUnmount: tUnmounts,
	game.CmdDiscard: tDiscards, game.CmdUse: tUses,
}

// coverage counts what a set of recordings exercises.
type coverage struct {
	n        [tallyCount]int
	furthest int            // most deliveries completed in one run
	fired    map[string]int // shots taken, by gun
}

func newCoverage() *coverage { return &coverage{fired: map[string]int{}} }

func (c *coverage) add(o *coverage) {
	for i, v := range o.n {
		c.n[i] += v
	}
	c.furthest = max(c.furthest, o.furthest)
	for k, v := range o.fired {
		c.fired[k] += v
	}
}

// missing lists what the corpus must cover and c does not.
func (c *coverage) missing(data *assets.Data) []string {
	var out []string
	for _, t := range []tally{tCamps, tPurchases, tRefused, tMounts, tUses, tChains, tDeaths, tWins, tResumes} {
		if c.n[t] == 0 {
			out = append(out, tallyNames[t])
		}
	}
	for _, gun := range data.Guns.List {
		if c.fired[gun.ID] == 0 {
			out = append(out, "a shot from the "+gun.ID)
		}
	}
	return out
}

func (c *coverage) String() string {
	var parts []string
	for i, v := range c.n {
		parts = append(parts, fmt.Sprintf("%s=%d", tallyNames[i], v))
	}
	parts = append(parts, fmt.Sprintf("furthest=%d", c.furthest))
	var guns []string
	for k, v := range c.fired {
		guns = append(guns, fmt.Sprintf("%s=%d", k, v))
	}
	slices.Sort(guns)
	return strings.Join(parts, " ") + " fired[" + strings.Join(guns, " ") + "]"
}

// replayCounting verifies rec and counts what it exercises.
func replayCounting(data *assets.Data, rec *Recording) (Verified, *coverage, error) {
	cov := newCoverage()
	p, err := NewPlayer(data, rec, nil)
	if err != nil {
		return Verified{}, nil, err
	}
	for !p.Done() {
		st, _ := p.Peek()
		g := p.Game()
		gun := ""
		if st.Cmd.Kind == game.CmdFire && g.Phase() == act.PhaseRoad {
			gun = vocab.Guns.Value(g.World(), g.Van()).Gun(st.Cmd.Dir)
		}
		explosions := g.Run.Explosions
		res, err := p.Step()
		if err != nil {
			return Verified{}, nil, err
		}
		cov.count(st.Cmd, res, gun, g.Run.Explosions-explosions)
	}
	g := p.Game()
	cov.n[tFiles], cov.n[tTurns], cov.furthest = 1, p.Len(), g.Run.Delivery
	cov.n[tResumes] = len(rec.Resumes)
	switch {
	case g.Phase() == act.PhaseOver:
		cov.n[tDeaths]++
	case g.Run.Won:
		cov.n[tWins]++
	default:
		cov.n[tCapped]++
	}
	return Verified{Turns: p.Len(), Hash: g.Hash()}, cov, nil
}

// count notes one replayed command.
func (c *coverage) count(cmd game.Command, res game.Result, gun string, explosions int) {
	if !res.Took {
		c.n[tRefused]++
		return
	}
	if explosions >= 2 {
		c.n[tChains]++
	}
	if cmd.Kind == game.CmdFire {
		c.fired[gun]++
	}
	if t, ok := tallyOf[cmd.Kind]; ok {
		c.n[t]++
	}
}

// corpusFiles lists the golden recordings in name order.
func corpusFiles(t testing.TB) []string {
	t.Helper()
	var files []string
	for _, pattern := range []string{"*.rec", "*.rec.gz"} {
		m, err := filepath.Glob(filepath.Join(corpusDir, pattern))
		require.NoError(t, err)
		files = append(files, m...)
	}
	slices.Sort(files)
	require.NotEmpty(t, files, "the golden corpus in %s is empty: re-bless it (see its README.md)", corpusDir)
	return files
}

// TestGoldenCorpus replays every golden recording twice in this process,
// once spread over two goroutines and once under GOMAXPROCS=1, checks both
// agree with the file and with each other, and checks the corpus is as big
// and as varied as promised.
func TestGoldenCorpus(t *testing.T) {
	data := loadData(t)
	if *bless {
		blessCorpus(t, data)
	}
	files := corpusFiles(t)
	if raceEnabled {
		// The race detector watches the two goroutines sharing the data;
		// a tenth of the corpus gives it the same work to watch.
		files = everyNth(files, 10)
	}
	recs := make([]*Recording, len(files))
	for i, f := range files {
		rec, err := LoadRecording(f)
		require.NoError(t, err)
		recs[i] = rec
	}

	first, errs := VerifyAll(data, recs, 2)
	for i, err := range errs {
		require.NoError(t, err, "%s (re-bless only for a deliberate change of play; see %s/README.md)", files[i], corpusDir)
	}
	if testing.Short() || raceEnabled {
		// Under emulation (the GOARCH=386 run in CI) one pass proves the
		// hashes match; the second pass and the coverage do not depend on
		// the platform.
		t.Logf("short: verified %d recordings once", len(recs))
		return
	}

	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	total := newCoverage()
	for i, rec := range recs {
		second, cov, err := replayCounting(data, rec)
		require.NoError(t, err, files[i])
		assert.Equal(t, first[i], second, "%s: two replays in one process differ", files[i])
		assert.Equal(t, rec.Last(), second.Hash, files[i])
		total.add(cov)
	}
	t.Logf("corpus: %v", total)
	assert.GreaterOrEqual(t, total.n[tFiles], corpusMinFiles)
	assert.GreaterOrEqual(t, total.n[tTurns], corpusMinTurns)
	assert.Empty(t, total.missing(data), "the corpus no longer covers these; re-bless and check the bot")
	assert.True(t, slices.ContainsFunc(files, handPlayed), "the corpus holds no hand-played runs (%s*.rec)", handPrefix)
}

// corpusPlayer remakes one corpus file from its name: auto-NNNN.rec and
// fumble-NNNN.rec are the bot (plain or clumsy) playing seed NNNN. ok is
// false for a name no player makes.
func corpusPlayer(data *assets.Data, name string) (play func(*bytes.Buffer) error, ok bool) {
	kind, rest, _ := strings.Cut(name, "-")
	seed, err := strconv.ParseUint(strings.TrimSuffix(rest, ".rec"), 10, 64)
	if err != nil {
		return nil, false
	}
	switch kind {
	case "auto":
		return func(b *bytes.Buffer) error {
			_, err := Autoplay(data, seed, game.DefaultAutoplayTurns, game.BotCareful, b, nil)
			return err
		}, true
	case "fumble":
		return func(b *bytes.Buffer) error { return fumble(data, seed, b) }, true
	}
	return nil, false
}

// TestBotReplaysTheCorpus plays the corpus's bot runs again with the bot
// of this build and requires every recording byte for byte: the corpus
// replays stored commands, so without this a change of the bot would pass
// unseen. -short plays one run in eight.
func TestBotReplaysTheCorpus(t *testing.T) {
	data := loadData(t)
	files := corpusFiles(t)
	switch {
	case raceEnabled:
		files = everyNth(files, 32)
	case testing.Short():
		files = everyNth(files, 8)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	bad := make([]string, len(names))
	var wg sync.WaitGroup
	const workers = 2
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(names); i += workers {
				bad[i] = replayByBot(data, names[i])
			}
		})
	}
	wg.Wait()
	bad = slices.DeleteFunc(bad, func(s string) bool { return s == "" })
	assert.Empty(t, bad, "the bot (BotVersion %d) no longer plays these runs as recorded: if the change "+
		"of play is meant, raise game.BotVersion (or LogicVersion) and re-bless (%s/README.md)", game.BotVersion, corpusDir)
}

// everyNth keeps the first of every n files.
func everyNth(files []string, n int) []string {
	var out []string
	for i := 0; i < len(files); i += n {
		out = append(out, files[i])
	}
	return out
}

// replayByBot remakes one corpus file and says how it differs, or "".
func replayByBot(data *assets.Data, name string) string {
	play, ok := corpusPlayer(data, name)
	if !ok {
		return ""
	}
	want, err := os.ReadFile(filepath.Join(corpusDir, name))
	if err != nil {
		return name + ": " + err.Error()
	}
	var got bytes.Buffer
	if err := play(&got); err != nil {
		return name + ": " + err.Error()
	}
	if !bytes.Equal(want, got.Bytes()) {
		return fmt.Sprintf("%s: first differs at line %d", name, firstDifferentLine(want, got.Bytes()))
	}
	return ""
}

// firstDifferentLine numbers the first line where a and b differ, from 1.
func firstDifferentLine(a, b []byte) int {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}

// corpusHead is what the header of the corpus's first bot run says.
type corpusHead struct {
	format, logic, bot int
	content            string
}

// corpusVersions reads the logic and bot versions, the file format and the
// content digest the corpus was recorded with, from the header of its first
// bot run. found is false when there is no bot run.
func corpusVersions(t *testing.T, files []string) (head corpusHead, found bool) {
	for _, f := range files {
		if _, ok := corpusPlayer(nil, filepath.Base(f)); !ok {
			continue
		}
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range strings.Split(string(b), "\n") {
			key, v, _ := strings.Cut(line, " ")
			switch key {
			case recMagic:
				head.format, _ = strconv.Atoi(v)
			case recLogic:
				head.logic, _ = strconv.Atoi(v)
			case recBot:
				head.bot, _ = strconv.Atoi(v)
			case recContent:
				head.content, _, _ = strings.Cut(v, " ")
			}
			if key == recSeed {
				break
			}
		}
		return head, true
	}
	return head, false
}

// blessAllowed says why the corpus may be rewritten, or why not: only a
// raised LogicVersion, BotVersion or RecordFormat, or other content,
// explains new recordings.
func blessAllowed(t *testing.T, files []string, content assets.Content) (string, error) {
	head, found := corpusVersions(t, files)
	switch {
	case !found:
		return "the corpus holds no bot runs", nil
	case head.format != RecordFormat:
		return fmt.Sprintf("recording format %d, was %d", RecordFormat, head.format), nil
	case head.logic != game.LogicVersion:
		return fmt.Sprintf("logic version %d, was %d", game.LogicVersion, head.logic), nil
	case head.bot != game.BotVersion:
		return fmt.Sprintf("bot version %d, was %d", game.BotVersion, head.bot), nil
	case head.content != content.Digest:
		return fmt.Sprintf("content %s, was %s", content.Digest, head.content), nil
	}
	return "", fmt.Errorf("-bless refused: the corpus was recorded with logic version %d, bot version %d and "+
		"content %s, which this build still has. A deliberate change of play raises game.LogicVersion (rules) or "+
		"game.BotVersion (the bot only) first, or changes the content data; a change that was not meant to alter "+
		"play must not need a bless", head.logic, head.bot, head.content)
}

// TestBlessNeedsANewVersion checks -bless runs only when a version in the
// build, or the content digest, differs from the corpus's.
func TestBlessNeedsANewVersion(t *testing.T) {
	data := loadData(t)
	same := data.Content.Digest
	tests := []struct {
		name               string
		file               string
		format, logic, bot int
		content            string
		ok                 bool
	}{
		{"same versions", "auto-0001.rec", RecordFormat, game.LogicVersion, game.BotVersion, same, false},
		{"new logic", "auto-0001.rec", RecordFormat, game.LogicVersion - 1, game.BotVersion, same, true},
		{"new bot", "fumble-0002.rec", RecordFormat, game.LogicVersion, game.BotVersion + 1, same, true},
		{"new format", "auto-0001.rec", RecordFormat - 1, game.LogicVersion, game.BotVersion, "", true},
		{"new content", "auto-0001.rec", RecordFormat, game.LogicVersion, game.BotVersion, "0123456789abcdef", true},
		{"no bot runs", "hand-0001.rec", RecordFormat, game.LogicVersion, game.BotVersion, same, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tt.file)
			head := fmt.Sprintf("%s %d\n%s %d\n%s %d\n", recMagic, tt.format, recLogic, tt.logic, recBot, tt.bot)
			if tt.content != "" {
				head += fmt.Sprintf("%s %s\n", recContent, tt.content)
			}
			head += recSeed + " 1\n"
			require.NoError(t, os.WriteFile(path, []byte(head), 0o644))
			why, err := blessAllowed(t, []string{path}, data.Content)
			if !tt.ok {
				require.Error(t, err)
				assert.Contains(t, err.Error(), "-bless refused")
				return
			}
			require.NoError(t, err)
			assert.NotEmpty(t, why)
		})
	}
}

// blessCorpus rewrites the corpus: autoplayed runs from seed 1 up until
// there are enough turns, a few runs with clumsy inputs mixed in, then the
// first later runs that cover anything still missing. The hand-played runs
// stay, each made again from its own commands (blessHand), and the
// malformed recordings made from a run follow (blessBadRecordings). It
// refuses unless a version says play changed, and logs which runs changed.
func blessCorpus(t *testing.T, data *assets.Data) {
	old, err := filepath.Glob(filepath.Join(corpusDir, "*.rec*"))
	require.NoError(t, err)
	why, err := blessAllowed(t, old, data.Content)
	require.NoError(t, err)
	before := clearBotRuns(t, corpusDir)
	handChanged := blessHand(t, data, corpusDir)
	badChanged := blessBadRecordings(t, data, badRecordingDir)
	total := newCoverage()
	var changed, added []string
	keep := func(name string, play func(*bytes.Buffer) error) *coverage {
		var buf bytes.Buffer
		require.NoError(t, play(&buf))
		rec, err := ReadRecording(name, bytes.NewReader(buf.Bytes()))
		require.NoError(t, err)
		_, cov, err := replayCounting(data, rec)
		require.NoError(t, err, name)
		return cov
	}
	write := func(name string, play func(*bytes.Buffer) error) {
		var buf bytes.Buffer
		require.NoError(t, play(&buf))
		require.NoError(t, os.WriteFile(filepath.Join(corpusDir, name), buf.Bytes(), 0o644))
		old, had := before[name]
		switch {
		case !had:
			added = append(added, name)
		case !bytes.Equal(old, buf.Bytes()):
			changed = append(changed, name)
		}
		delete(before, name)
	}
	for seed := uint64(1); seed <= fumbleRuns; seed++ {
		name := fmt.Sprintf("fumble-%04d.rec", seed)
		play, _ := corpusPlayer(data, name)
		total.add(keep(name, play))
		write(name, play)
	}
	seed := uint64(1)
	for ; total.n[tTurns] < corpusMinTurns || total.n[tFiles] < corpusMinFiles; seed++ {
		name := fmt.Sprintf("auto-%04d.rec", seed)
		play, _ := corpusPlayer(data, name)
		total.add(keep(name, play))
		write(name, play)
	}
	for ; len(total.missing(data)) > 0 && seed <= blessSeedLimit; seed++ {
		name := fmt.Sprintf("auto-%04d.rec", seed)
		play, _ := corpusPlayer(data, name)
		cov := keep(name, play)
		before := len(total.missing(data))
		probe := newCoverage()
		probe.add(total)
		probe.add(cov)
		if len(probe.missing(data)) < before {
			total = probe
			write(name, play)
		}
	}
	removed := slices.Sorted(maps.Keys(before))
	t.Logf("blessed (%s): %v", why, total)
	t.Logf("%d runs changed: %s", len(changed), strings.Join(changed, " "))
	t.Logf("%d runs added: %s", len(added), strings.Join(added, " "))
	t.Logf("%d runs removed: %s", len(removed), strings.Join(removed, " "))
	t.Logf("%d hand runs re-simulated differently: %s", len(handChanged), strings.Join(handChanged, " "))
	t.Logf("%d generated malformed recording files rewritten: %s", len(badChanged), strings.Join(badChanged, " "))
}

// fumble plays like the bot but, one command in six, presses something at
// random instead, as a person trying things out would: commands that make no
// sense where the run is, garage moves, items used at the wrong time. Now
// and then it saves and continues, as a person stopping for the day would:
// the game goes through its saved form and the recording gets a resume line.
func fumble(data *assets.Data, seed uint64, w *bytes.Buffer) error {
	g := game.New(data, seed)
	rec, err := NewBotRecorder(w, g)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 0xf0f0))
	var bot game.Bot
	for turn := 0; turn < game.DefaultAutoplayTurns && g.Phase() != act.PhaseOver && !g.Run.Won; turn++ {
		if rng.IntN(fumbleResumeOdds) == 0 {
			if g, err = saveAndContinue(data, g); err != nil {
				return err
			}
			if err := rec.Resume(g.Hash()); err != nil {
				return err
			}
		}
		c := bot.Next(g)
		if rng.IntN(6) == 0 {
			c = randomCommand(rng)
		}
		c = c.Canonical()
		res, err := rec.Do(g, c)
		if err != nil {
			return err
		}
		bot.Observe(c, res)
	}
	return rec.End(g)
}

// fumbleResumeOdds is one in how many of fumble's turns a save and continue
// comes before.
const fumbleResumeOdds = 25

// saveAndContinue is a save and a load: the game continued from g's saved
// state.
func saveAndContinue(data *assets.Data, g *game.Game) (*game.Game, error) {
	body, err := g.MarshalState()
	if err != nil {
		return nil, err
	}
	return game.UnmarshalState(data, body)
}

// randomCommand picks any command with small arguments.
func randomCommand(rng *rand.Rand) game.Command {
	c := game.Command{Kind: game.CommandKind(rng.IntN(game.CommandKinds)), Dir: geom.Dirs[rng.IntN(4)], Index: rng.IntN(10)}
	return c.Canonical()
}
