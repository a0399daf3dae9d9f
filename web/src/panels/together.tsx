// Who is editing the open level (a name and a colour each, yours first with the name field),
// and whether this page's edits can reach the server.
import { useState } from 'preact/hooks';
import type { Editor } from '../editor.js';
import { useSubscribe } from '../hooks/subscribe.js';

export function TogetherBar({ editor }: { editor: Editor }) {
  const { together } = editor;
  useSubscribe(together);
  const { level, joined, offline, unsent, colour, people, name } = together.state;
  // What is typed, kept while the bar renders again for others' moves; sent on change.
  const [draft, setDraft] = useState<string | null>(null);
  if (!level) {
    return (
      <p class="together muted" data-testid="together">
        Save the level to edit it together: everyone who opens it then sees every stroke.
      </p>
    );
  }
  return (
    <section class="together" aria-label="Editing together" data-testid="together">
      <label class="person you">
        <span class="dot" style={{ background: colour || 'transparent' }} aria-hidden="true" />
        <span>You</span>
        <input
          name="your-name"
          value={draft ?? name}
          maxLength={40}
          placeholder="your name"
          aria-label="Your name, as others see it"
          onInput={(event) => setDraft((event.currentTarget as HTMLInputElement).value)}
          onChange={(event) => {
            together.setName((event.currentTarget as HTMLInputElement).value);
            setDraft(null);
          }}
          // Enter keeps the name too (the change event comes with the blur).
          onKeyDown={(event) => {
            if (event.key === 'Enter') (event.currentTarget as HTMLInputElement).blur();
          }}
        />
      </label>
      <ul class="people" aria-label="Also here" data-testid="people">
        {people.map((person) => (
          <li key={person.session} class="person">
            <span class="dot" style={{ background: person.colour }} aria-hidden="true" />
            {person.name}
          </li>
        ))}
      </ul>
      <span class="muted" data-testid="together-state">
        {!joined
          ? offline
            ? 'Cannot reach the server: trying again.'
            : 'Joining…'
          : people.length === 0
            ? 'No one else is here; your drawing is kept on the server as you draw.'
            : 'Every stroke is shared as you draw.'}
      </span>
      {(offline || unsent > 0) && joined && (
        <span class={offline ? 'badge' : 'muted'} role="status" data-testid="together-offline">
          {offline
            ? `Offline: ${unsent} ${unsent === 1 ? 'change is' : 'changes are'} kept in this page and sent when the server is back.`
            : `Sending ${unsent} ${unsent === 1 ? 'change' : 'changes'}…`}
        </span>
      )}
    </section>
  );
}
