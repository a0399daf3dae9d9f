// The help list: the COMMANDS table and the pointer gestures, as they are.
import { shortcutRows } from '../commands.js';

export function KeyboardPanel() {
  return (
    <table class="keys">
      <tbody>
        {shortcutRows().map(([keys, label]) => (
          <tr key={keys}>
            <th scope="row">
              <kbd>{keys}</kbd>
            </th>
            <td>{label}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
