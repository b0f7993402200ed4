'use client';

// Mantine's MultiSelect on its own module, for forms that load it only when they draw one (next/dynamic):
// its drop-down brings Combobox and the floating layer, which most forms never need.
export { MultiSelect } from '@mantine/core';
