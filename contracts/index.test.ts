import { describe, expect, expectTypeOf, it } from 'vitest'
import { allOperations, contract, isOperationName, type OperationName } from '.'

describe('the contract index', () => {
  it('names every operation `resource.key`, after where it lives', () => {
    const misnamed = Object.entries(contract).flatMap(([resource, operations]) =>
      Object.entries(operations)
        .filter(([key, operation]) => operation.name !== `${resource}.${key}`)
        .map(([key, operation]) => `${resource}.${key} is named ${operation.name}`),
    )
    expect(misnamed).toEqual([])
  })

  it('has unique operation names', () => {
    const names = allOperations.map((operation) => operation.name)
    expect(names.length).toBeGreaterThan(0)
    expect(new Set(names).size).toBe(names.length)
  })

  it('keeps only the operations of a resource module, not its schemas and constants', () => {
    expect(Object.keys(contract.files).sort()).toEqual(['putSigned', 'requestUpload', 'uploadPicture'])
    expect(Object.keys(contract.certificate)).toEqual(['save'])
    expectTypeOf<keyof typeof contract.certificate>().toEqualTypeOf<'save'>()
  })

  it('types operation names as the union of the names', () => {
    expectTypeOf<'athlete.me'>().toExtend<OperationName>()
    expectTypeOf<'athlete.mine'>().not.toExtend<OperationName>()
    expect(isOperationName('races.list')).toBe(true)
    expect(isOperationName('races.lists')).toBe(false)
  })
})
