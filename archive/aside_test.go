package archive

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"lastpost/assets"
	"lastpost/game"
)

// TestSetAsideFilesAreBoundedAndNeverDeleted sets aside many damaged saves
// over files already there: at most KeptAside stay beside the save, the
// older ones go into the aside folder, and not one is lost.
func TestSetAsideFilesAreBoundedAndNeverDeleted(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name    string
		already int // set-aside copies there before
		more    int // damaged saves set aside now
	}{
		{"a first one", 0, 1},
		{"up to the bound", 0, KeptAside},
		{"past the bound", 0, KeptAside + 3},
		{"a thousand already there", 1000, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for n := 1; n <= tt.already; n++ {
				require.NoError(t, os.WriteFile(asidePath(SavePath(dir), n), []byte(fmt.Sprint(n)), 0o600))
			}
			for i := range tt.more {
				require.NoError(t, os.WriteFile(SavePath(dir), []byte(fmt.Sprintf("damaged %d", i)), 0o600))
				_, err := LoadFile(dir, data)
				var bad *UnreadableError
				require.ErrorAs(t, err, &bad)
				require.NotEmpty(t, bad.MovedTo, "%v", err)
				assert.Equal(t, asidePath(SavePath(dir), tt.already+i+1), bad.MovedTo, "numbers go up")
			}
			beside, err := asideNumbers(SavePath(dir))
			require.NoError(t, err)
			assert.LessOrEqual(t, len(beside), KeptAside)
			inAside, _ := os.ReadDir(filepath.Join(dir, AsideDir))
			assert.Equal(t, tt.already+tt.more, len(beside)+len(inAside), "nothing is deleted")
			assert.False(t, HasSave(dir))
		})
	}
}

// TestTheSessionSetsADamagedSaveAsideAtFirstSight checks the save as the
// sitting begins: set aside at once and named; and a save that cannot be
// set aside is said so and never overwritten nor removed.
func TestTheSessionSetsADamagedSaveAsideAtFirstSight(t *testing.T) {
	data := loadData(t)
	tests := []struct {
		name string
		// block makes moving the save aside fail.
		block bool
	}{
		{"set aside", false},
		{"cannot be set aside", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(SavePath(dir), []byte("damaged"), 0o600))
			if tt.block {
				// The bound is reached and the aside folder cannot be made.
				for n := 1; n <= KeptAside; n++ {
					require.NoError(t, os.WriteFile(asidePath(SavePath(dir), n), nil, 0o600))
				}
				require.NoError(t, os.WriteFile(filepath.Join(dir, AsideDir), nil, 0o600))
			}
			s := NewSession(dir, data, nil)
			notice := s.Check()
			g := game.New(data, 5)
			s.Started(g)
			if !tt.block {
				assert.Equal(t, data.Texts.Format(assets.TitleSaveUnreadable,
					"reason", "it has no lastpost-save header", "path", asidePath(SavePath(dir), 1)), notice)
				assert.False(t, HasSave(dir), "set aside before anything is chosen")
				require.NoError(t, s.Save(g))
				return
			}
			assert.Equal(t, data.Texts.Format(assets.TitleSaveStuck, "reason", "it has no lastpost-save header",
				"path", SavePath(dir), "error", "not a directory"), notice)
			assert.NotContains(t, notice, "))")
			err := s.Save(g)
			require.Error(t, err, "a save that could not be set aside is not overwritten")
			assert.Equal(t, data.Texts.Format(assets.NoticeSaveKept, "path", SavePath(dir)), err.Error())
			s.Camp(g)
			assert.Contains(t, s.Notice(), "not overwritten", "the camp's autosave says why it did not save")
			g.GiveUp()
			s.Ended(g)
			b, err := os.ReadFile(SavePath(dir))
			require.NoError(t, err)
			assert.Equal(t, "damaged", string(b), "the damaged save is still there, whole")

			require.NoError(t, os.Rename(SavePath(dir), filepath.Join(dir, "moved-by-hand")))
			assert.NoError(t, s.Save(game.New(data, 6)), "once moved away by hand, saving works")
		})
	}
}

// TestADamagedScoreTableIsToldOf sets aside a damaged table when the
// sitting begins, with a notice naming where it went.
func TestADamagedScoreTableIsToldOf(t *testing.T) {
	data := loadData(t)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(ScoresPath(dir), []byte("damaged"), 0o600))
	s := NewSession(dir, data, nil)
	notice := s.Check()
	assert.Equal(t, data.Texts.Format(assets.NoticeScoresUnreadable, "reason", "it has no lastpost-scores header",
		"path", asidePath(ScoresPath(dir), 1)), notice)
	assert.True(t, strings.HasPrefix(notice, "The high scores"))
	assert.Empty(t, s.HighScores())
	assert.Empty(t, s.Notice(), "told once")
}
