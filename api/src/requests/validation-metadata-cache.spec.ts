import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsString, MaxLength, MetadataStorage, validateSync } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache.js';

abstract class Base {
  @IsString({ message: 'name must be text.' })
  name!: unknown;
}

class Child extends Base {
  @IsInt({ message: 'count must be a whole number.' })
  count!: unknown;
}

const messagesOf = (value: object) =>
  validateSync(value)
    .flatMap((error) => Object.values(error.constraints ?? {}))
    .sort();

describe('cacheValidationMetadata', () => {
  it("looks up a class's rules once per set of options, and answers with what the storage found", () => {
    const storage = new MetadataStorage();
    const lookUps: unknown[][] = [];
    const found = storage.getTargetValidationMetadatas(Child, '', true, false);
    const real = storage.getTargetValidationMetadatas.bind(storage);
    storage.getTargetValidationMetadatas = (...args) => {
      lookUps.push(args);
      return real(...args);
    };
    cacheValidationMetadata(storage);
    expect(storage.getTargetValidationMetadatas(Child, '', true, false)).toEqual(found);
    expect(storage.getTargetValidationMetadatas(Child, '', true, false)).toEqual(found);
    expect(lookUps).toHaveLength(1);
    // Other options are another question.
    storage.getTargetValidationMetadatas(Child, '', false, false, ['adviser']);
    expect(lookUps).toHaveLength(2);
  });

  it('gives the same errors, inherited rules included, and sees a rule registered after a class was looked up', () => {
    const before = messagesOf(Object.assign(new Child(), { name: 3, count: 'x' }));
    expect(before).toEqual(['count must be a whole number.', 'name must be text.']);
    cacheValidationMetadata();
    cacheValidationMetadata();
    expect(messagesOf(Object.assign(new Child(), { name: 3, count: 'x' }))).toEqual(before);

    class Late {
      code!: unknown;
    }
    // No rules yet: class-validator refuses an object it knows nothing of.
    expect(messagesOf(Object.assign(new Late(), { code: 'abc' }))).toEqual(['an unknown value was passed to the validate function']);
    // What a decorator does when a class is defined: a class loaded late registers its rules then.
    MaxLength(2, { message: 'code must be at most 2 characters.' })(Late.prototype, 'code');
    expect(messagesOf(Object.assign(new Late(), { code: 'abc' }))).toEqual(['code must be at most 2 characters.']);
    expect(getMetadataStorage().getTargetValidationMetadatas(Late, '', true, false)).toHaveLength(1);
  });
});
