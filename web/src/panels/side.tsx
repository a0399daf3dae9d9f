// The side column: the open level's bar, then one folding panel each (stamps, insights, name and
// tags, levels, history, generation, files, keys). It scrolls on its own, beside the grid;
// each panel's fold and the column's own (to a tab, the grid taking its width) are kept for
// the next visit (folds.ts).
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { titleOf } from '../commands.js';
import type { Editor } from '../editor.js';
import { useSelected, useSubscribe } from '../hooks/subscribe.js';
import { LevelBar } from './bars.js';
import { ConflictPanel } from './dialogs.js';
import { ExchangePanel } from './exchange.js';
import {
  type GenerateForm,
  GeneratePanel,
  defaultGenerateForm,
  generateInput,
} from './generate.js';
import { InsightsPanel } from './InsightsPanel.js';
import { KeyboardPanel } from './keyboard.js';
import { LevelInfoPanel } from './level-info.js';
import { HistoryPanel, LevelList } from './levels.js';
import { ComparePanel } from './merge.js';
import { TogetherBar } from './together.js';
import { StampBar } from './stamps.js';
import { SizeBar } from './viewbar.js';

export function SidePanels({ editor }: { editor: Editor }) {
  const { writer, animation, panels } = editor;
  useSubscribe(writer, animation, panels);
  // Not rendered again for a check's answer or a message: only when the lists are to be read.
  const [listRefresh] = useSelected(() => [editor.ui.listRefresh] as const, editor);
  const [form, setForm] = useState<GenerateForm>(defaultGenerateForm('generated'));
  // Animate's shortcut (g) animates the form as it is.
  animation.request = { id: form.id, input: generateInput(form) };
  const meta = useMeta(editor);
  const folded = panels.folded;
  return (
    <aside class="side" aria-label="Levels, history, generation and files">
      <button
        type="button"
        class="fold-side"
        aria-expanded={!folded}
        aria-controls="side-panels"
        title={titleOf('panels')}
        onClick={() => panels.toggle()}
      >
        {folded ? 'Panels' : 'Fold panels'}
      </button>
      <div id="side-panels" class="side-panels" hidden={folded}>
        <ConflictPanel editor={editor} />
        <ComparePanel editor={editor} />
        <Panel editor={editor} id="level" title="Level" open>
          <LevelBar editor={editor} />
          <TogetherBar editor={editor} />
          <SizeBar editor={editor} />
        </Panel>
        <Panel editor={editor} id="stamps" title="Stamps">
          <StampBar editor={editor} />
        </Panel>
        <Panel editor={editor} id="insights" title="Insights" open>
          <InsightsPanel editor={editor} />
        </Panel>
        <Panel editor={editor} id="info" title="Name, tags and copies">
          <LevelInfoPanel editor={editor} />
        </Panel>
        <Panel editor={editor} id="levels" title="Levels" open>
          <LevelList
            openId={meta.id}
            refresh={listRefresh}
            onOpen={(id) => editor.open(id)}
            onError={(e) => editor.fail(e)}
          />
        </Panel>
        <Panel editor={editor} id="history" title="History">
          <HistoryPanel
            id={meta.id}
            version={meta.version}
            refresh={listRefresh}
            onView={(version) => editor.offerVersion(version, version)}
            onRevert={(version) => editor.revert(version)}
            onError={(e) => editor.fail(e)}
          />
        </Panel>
        <Panel editor={editor} id="generate" title="Generate">
          <GeneratePanel
            form={form}
            busy={writer.state.busy || (animation.active && animation.mode !== 'preview')}
            onChange={setForm}
            onGenerate={(next) =>
              void animation.preview({ id: next.id, input: generateInput(next) })
            }
            onAnimate={(next) => {
              animation.request = { id: next.id, input: generateInput(next) };
              void animation.start();
            }}
            animateTitle={titleOf('animate')}
          />
        </Panel>
        <Panel editor={editor} id="exchange" title="ASCII and hex files">
          <ExchangePanel editor={editor} />
        </Panel>
        <Panel editor={editor} id="keyboard" title="Keyboard">
          <KeyboardPanel />
        </Panel>
      </div>
    </aside>
  );
}

/** A folding panel: its header alone when folded; open or not as it was last left. */
function Panel(props: {
  editor: Editor;
  id: string;
  title: string;
  open?: boolean;
  children: ComponentChildren;
}) {
  const { panels } = props.editor;
  return (
    <details
      id={`${props.id}-panel`}
      open={panels.isOpen(props.id, props.open === true)}
      onToggle={(event) =>
        panels.setOpen(props.id, (event.currentTarget as HTMLDetailsElement).open)
      }
    >
      <summary>{props.title}</summary>
      {props.children}
    </details>
  );
}

/** The open level's id and version, re-rendering only when they change (not on each stroke). */
function useMeta(editor: Editor) {
  const [meta, setMeta] = useState(editor.store.meta);
  useEffect(() => editor.store.subscribe(() => setMeta(editor.store.meta)), [editor]);
  return meta;
}
