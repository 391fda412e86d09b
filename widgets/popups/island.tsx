/**
 * The `popups` island (chrome-contracts.md `popups`): a non-React engine mounted at load. Its
 * container is `<div data-island="popups" hidden>` with one `<template data-popup-id>` per popup
 * (inert without JavaScript); invalid props refuse the island and nothing shows. The dialog's code
 * (React) is a lazy chunk fetched when a popup is about to show (engine.ts).
 */
import type { IslandModule } from '../../src/islands/types';
import { startPopups } from './engine';
import stylesheet from './popups.css?url';
import { validatePopupsProps } from './props';

const popups: IslandModule = {
  mount(container, rawProps) {
    const props = validatePopupsProps(rawProps);
    if (!props.ok) return props;
    return { ok: true, unmount: startPopups(container, props.value, { stylesheet }) };
  },
};

export default popups;
