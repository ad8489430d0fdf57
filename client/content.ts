// Behaviours of the content pages (slider, on-request map). shell.ts imports this chunk only on
// pages that mark an element with data-enhance, so other pages never download it.
import { enhanceMapSlots } from './map-on-request.ts';
import { enhanceSliders } from './slider.ts';

enhanceSliders();
enhanceMapSlots();
