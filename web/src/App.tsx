// The level editor's page: the Editor (document, tools, zoom, writes; editor.ts) and the
// hooks that tie it to the server and the page, laid out as one component per panel.
import { useEffect, useState } from 'preact/hooks';
import { Editor } from './editor.js';
import { GridView } from './GridView.js';
import { useSelected, useSubscribe } from './hooks/subscribe.js';
import { useClipboard, useCommands } from './hooks/keyboard.js';
import { useLiveChanges } from './hooks/live-changes.js';
import { useLiveCheck } from './hooks/live-check.js';
import { useNavigation } from './hooks/navigation.js';
import { useTogether } from './hooks/together.js';
import { LevelBar, TopBar } from './panels/bars.js';
import { TogetherBar } from './panels/together.js';
import { ComparePanel } from './panels/merge.js';
import { CheckLine } from './panels/check-line.js';
import { ConflictPanel, Dialogs } from './panels/dialogs.js';
import { ExchangePanel } from './panels/exchange.js';
import {
  type GenerateForm,
  GeneratePanel,
  defaultGenerateForm,
  generateInput,
} from './panels/generate.js';
import { KeyboardPanel } from './panels/keyboard.js';
import { InsightsPanel } from './panels/InsightsPanel.js';
import { LevelInfoPanel } from './panels/level-info.js';
import { HistoryPanel, LevelList } from './panels/levels.js';
import { Notices, Status } from './panels/notices.js';
import { PlayBar } from './panels/play-bar.js';
import { ToolBar } from './panels/toolbar.js';
import { ViewBar } from './panels/viewbar.js';
import { playMarks } from './play/play.js';
import { gridKeys, titleOf } from './commands.js';
import { CarvingView } from './generation/CarvingView.js';

export function App() {
  const [editor] = useState(() => new Editor());
  useLiveCheck(editor);
  useLiveChanges(editor);
  useCommands(editor);
  useClipboard(editor);
  useNavigation(editor);
  useTogether(editor);
  return (
    <div class="app">
      <TopBar editor={editor} />
      <div class="layout">
        <main class="editor">
          <LevelBar editor={editor} />
          <TogetherBar editor={editor} />
          <ToolBar editor={editor} />
          <ViewBar editor={editor} />
          <CheckOrPlay editor={editor} />
          <Notices editor={editor} />
          <Grid editor={editor} />
          <Status editor={editor} />
        </main>
        <SidePanels editor={editor} />
      </div>
      <Dialogs editor={editor} />
    </div>
  );
}

/** The check line, or in Play mode the play bar in its place (of the same height). */
function CheckOrPlay({ editor }: { editor: Editor }) {
  useSubscribe(editor.play);
  return editor.play.active ? <PlayBar editor={editor} /> : <CheckLine editor={editor} />;
}

/**
 * The grid with what it draws over the cells: the check's answers, the insights and the walker;
 * in Play mode the walk alone (a refused move shakes the grid: play.css).
 */
function Grid({ editor }: { editor: Editor }) {
  const { play, layers, together } = editor;
  useSubscribe(play, layers, together);
  const [check, showPath, showCheapest, walker] = useSelected(() => {
    const { ui } = editor;
    return [ui.check, ui.showPath, ui.showCheapest, ui.walker] as const;
  }, editor);
  const playing = play.state;
  const insights = check?.state.kind === 'answers' ? check.state.insights : null;
  const shake = playing && playing.blocked > 0 ? ` shake-${playing.blocked % 2}` : '';
  return (
    <div class={`grid-stage${play.active ? ' playing' : ''}${shake}`}>
      {/* The grid's accessible description: its keys, from the COMMANDS table. */}
      <p id="grid-keys" class="sr-only">
        {gridKeys()}
      </p>
      <GridView
        store={editor.store}
        tools={editor.tools}
        viewport={editor.viewport}
        check={check}
        showPath={showPath && !play.active}
        showCheapest={showCheapest && !play.active}
        walker={play.active ? null : walker}
        insights={play.active ? null : layers.marks(insights)}
        merge={play.active ? null : editor.merge}
        play={playing ? playMarks(playing, playing.items) : null}
        people={together.state.people}
      />
      <CarvingView animation={editor.animation} />
    </div>
  );
}

function SidePanels({ editor }: { editor: Editor }) {
  const { writer, animation } = editor;
  useSubscribe(writer, animation);
  // Not rendered again for a check's answer or a message: only when the lists are to be read.
  const [listRefresh] = useSelected(() => [editor.ui.listRefresh] as const, editor);
  const [form, setForm] = useState<GenerateForm>(defaultGenerateForm('generated'));
  // Animate's shortcut (g) animates the form as it is.
  animation.request = { id: form.id, input: generateInput(form) };
  const meta = useMeta(editor);
  return (
    <aside class="side" aria-label="Levels, history, generation and files">
      <ConflictPanel editor={editor} />
      <ComparePanel editor={editor} />
      <details open>
        <summary>Insights</summary>
        <InsightsPanel editor={editor} />
      </details>
      <details>
        <summary>Name, tags and copies</summary>
        <LevelInfoPanel editor={editor} />
      </details>
      <details open>
        <summary>Levels</summary>
        <LevelList
          openId={meta.id}
          refresh={listRefresh}
          onOpen={(id) => editor.open(id)}
          onError={(e) => editor.fail(e)}
        />
      </details>
      <details>
        <summary>History</summary>
        <HistoryPanel
          id={meta.id}
          version={meta.version}
          refresh={listRefresh}
          onView={(version) => editor.offerVersion(version, version)}
          onRevert={(version) => editor.revert(version)}
          onError={(e) => editor.fail(e)}
        />
      </details>
      <details id="generate-panel">
        <summary>Generate</summary>
        <GeneratePanel
          form={form}
          busy={writer.state.busy || (animation.active && animation.mode !== 'preview')}
          onChange={setForm}
          onGenerate={(next) => void animation.preview({ id: next.id, input: generateInput(next) })}
          onAnimate={(next) => {
            animation.request = { id: next.id, input: generateInput(next) };
            void animation.start();
          }}
          animateTitle={titleOf('animate')}
        />
      </details>
      <details>
        <summary>ASCII and hex files</summary>
        <ExchangePanel editor={editor} />
      </details>
      <details>
        <summary>Keyboard</summary>
        <KeyboardPanel />
      </details>
    </aside>
  );
}

/** The open level's id and version, re-rendering only when they change (not on each stroke). */
function useMeta(editor: Editor) {
  const [meta, setMeta] = useState(editor.store.meta);
  useEffect(() => editor.store.subscribe(() => setMeta(editor.store.meta)), [editor]);
  return meta;
}
