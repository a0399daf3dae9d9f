import { render } from 'preact';
import { App } from './App.js';
import './styles/base.css';
import './styles/layout.css';
import './styles/tools.css';
import './styles/panels.css';
import './styles/play.css';
import './styles/carving.css';
import './styles/merge.css';
import './styles/stamps.css';

render(<App />, document.getElementById('app')!);
