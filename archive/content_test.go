package archive

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
)

// extraData loads the shipped data with testdata/content's extra gun and
// enemy.
func extraData(t testing.TB) *assets.Data {
	t.Helper()
	dir := filepath.Join("..", "testdata", "content")
	data, err := assets.LoadExtra(filepath.Join(dir, "extra_gun.toml"), filepath.Join(dir, "extra_enemy.toml"))
	require.NoError(t, err)
	return data
}

// recordWith records a few commands of seed with data.
func recordWith(t *testing.T, data *assets.Data, seed uint64) *Recording {
	t.Helper()
	g := game.New(data, seed)
	var buf bytes.Buffer
	r, err := NewRecorder(&buf, g)
	require.NoError(t, err)
	// The run is given up at the end: a player's run that stops short has
	// no end line but its own cause.
	for _, k := range []game.CommandKind{game.CmdAccelerate, game.CmdWait, game.CmdSteerDown, game.CmdGiveUp} {
		_, err := r.Do(g, game.Command{Kind: k})
		require.NoError(t, err)
	}
	require.NoError(t, r.End(g))
	rec, err := ReadRecording("run.rec", &buf)
	require.NoError(t, err)
	return rec
}

// TestRecordingOfOtherContentIsRefusedByName records a run with an extra
// gun and enemy: it verifies with the same content, and with the shipped
// data alone it is refused before a command is played, by a message naming
// the content line, both digests and the extra files.
func TestRecordingOfOtherContentIsRefusedByName(t *testing.T) {
	shipped, extra := loadData(t), extraData(t)
	rec := recordWith(t, extra, 7)
	assert.Equal(t, extra.Content, rec.Content)
	_, err := Verify(extra, rec, nil)
	require.NoError(t, err)

	_, err = Verify(shipped, rec, nil)
	var other *ContentError
	require.ErrorAs(t, err, &other)
	assert.Equal(t, "run.rec:3: made with content "+extra.Content.String()+", but this game loaded content "+
		shipped.Content.String()+": start it with the same -content files", err.Error())
	assert.Contains(t, err.Error(), "extra_gun.toml, extra_enemy.toml")

	back := recordWith(t, shipped, 7)
	_, err = Verify(extra, back, nil)
	require.ErrorAs(t, err, &other, "the shipped data's recording is refused with extra content too")
}

// TestFormat2RecordingStillReplays rewrites a recording as format 2, which
// has no content line: it reads and verifies, and writes back as it was.
func TestFormat2RecordingStillReplays(t *testing.T) {
	data := loadData(t)
	rec := recordWith(t, data, 9)
	rec.Format, rec.Content = 2, assets.Content{}
	var old bytes.Buffer
	_, err := rec.WriteTo(&old)
	require.NoError(t, err)
	require.NotContains(t, old.String(), recContent)
	again, err := ReadRecording("old.rec", bytes.NewReader(old.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, 2, again.Format)
	_, err = Verify(data, again, nil)
	require.NoError(t, err)
	var back bytes.Buffer
	_, err = again.WriteTo(&back)
	require.NoError(t, err)
	assert.Equal(t, old.String(), back.String())
}

// TestSaveOfOtherContentWaitsInPlace saves a run made with extra content and
// loads it with the shipped data: refused by name, and the file stays where
// it is, whole, for the game started with the same content, which loads it.
func TestSaveOfOtherContentWaitsInPlace(t *testing.T) {
	shipped, extra := loadData(t), extraData(t)
	dir := t.TempDir()
	g := game.New(extra, 5)
	require.NoError(t, SaveFile(dir, g))
	before, err := os.ReadFile(SavePath(dir))
	require.NoError(t, err)

	_, err = LoadFile(dir, shipped)
	var other *ContentError
	require.ErrorAs(t, err, &other)
	assert.True(t, strings.HasPrefix(err.Error(), SavePath(dir)+": made with content "), err.Error())
	assert.Contains(t, err.Error(), "extra_gun.toml")
	after, err := os.ReadFile(SavePath(dir))
	require.NoError(t, err, "the save is not moved aside")
	assert.Equal(t, before, after)

	loaded, err := LoadFile(dir, extra)
	require.NoError(t, err)
	assert.Equal(t, g.Hash(), loaded.Hash())
}

// TestSaveRefusesAContentLineInAnOldFormat checks a format 2 save whose
// body begins with a content line (a format 3 save with its version
// changed) is refused, not half read.
func TestSaveRefusesAContentLineInAnOldFormat(t *testing.T) {
	data := loadData(t)
	b, err := MarshalSave(game.New(data, 5))
	require.NoError(t, err)
	_, body, _ := bytes.Cut(b, []byte("\n"))
	_, err = ParseSave(data, frame{magic: saveFrame.magic, version: 2}.encode(body))
	require.Error(t, err)
	_, state, _ := bytes.Cut(body, []byte("\n"))
	_, err = ParseSave(data, frame{magic: saveFrame.magic, version: 3}.encode(state))
	require.ErrorContains(t, err, "content line")
}
