// Composition root: mounts the app.
import { mount } from 'svelte';
import App from './App.svelte';
import './ui/global.css';

mount(App, { target: document.getElementById('app')! });
