import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's zod schema: the schema itself, or a function importing it (`() => import('@/lib/x/schemas').then((m) => m.ZThing)`)
 * — the same schema the handler checks with, loaded only when the form first checks, so zod is not
 * among the scripts of the page's first load.
 */
export type SchemaSource<TSchema extends z.ZodType<FieldValues, FieldValues>> = TSchema | (() => Promise<TSchema>);

export type LazySchemaResolver<TInput extends FieldValues, TOutput> = Resolver<TInput, unknown, TOutput> & {
  /** Loads the schema and zod's resolver now (once); a failed load is tried again at the next call. */
  preload: () => Promise<unknown>;
};

/**
 * react-hook-form's resolver for a schema source: zod's resolver (@hookform/resolvers, itself loaded
 * on demand) once the schema is there. react-hook-form awaits every resolver, so a form checks the
 * same way whether its schema came with the page or comes now.
 */
export function lazySchemaResolver<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  source: SchemaSource<TSchema>,
): LazySchemaResolver<z.input<TSchema>, z.output<TSchema>> {
  type Loaded = Resolver<z.input<TSchema>, unknown, z.output<TSchema>>;
  let loading: Promise<Loaded> | undefined;
  const preload = () => {
    loading ??= Promise.all([typeof source === 'function' ? source() : source, import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Loaded,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const resolver: Loaded = async (values, context, options) => (await preload())(values, context, options);
  return Object.assign(resolver, { preload });
}
