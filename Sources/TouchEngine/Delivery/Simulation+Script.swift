/// Script steps: touches down, moving and up, and the script's own switches, turned into the events a step delivers.
extension Simulation {
    // MARK: - Script

    mutating func perform(_ event: ScriptEvent) {
        switch event.action {
        case .down(let p):
            guard let slot = beginTouch(number: event.touch, at: p) else { return }
            step(.touch(slot, .began))
        case .move(let p):
            guard let slot = moveTouch(number: event.touch, to: p) else { return }
            if movePath == .specialised, let (pan, sv) = soleBegunScrollPan(slot: slot) {
                moveBegunScrollPan(slot: slot, pan: pan, scrollView: sv)
            } else {
                step(.touch(slot, .moved))
            }
        case .up(let p):
            guard let slot = liftTouch(number: event.touch, at: p) else { return }
            step(.touch(slot, .ended))
            scrollTouchEnded(slot)
        case .cancel:
            guard let slot = cancelTouch(number: event.touch) else { return }
            step(.touch(slot, .cancelled))
            scrollTouchEnded(slot)
        case .setRecognizerEnabled(let id, let enabled):
            setEnabled(id, enabled)
        }
    }

    /// A finger moves: the slot's new location, before the step (nil: the touch hit nothing).
    mutating func moveTouch(number: Int, to p: Point) -> Int? {
        guard let slot = slot(of: number) else { untracked(number, .moved, p); return nil }
        touches[slot].location = p
        touches[slot].timestamp = now
        touches[slot].phase = .moved
        emit(.touch(touch: number, phase: .moved, location: p))
        return slot
    }

    /// A finger lifts: the slot's last location, before the step; it becomes the tap a next touch-down may repeat.
    mutating func liftTouch(number: Int, at p: Point?) -> Int? {
        guard let slot = slot(of: number) else { untracked(number, .ended, p); return nil }
        if let p { touches[slot].location = p }
        touches[slot].timestamp = now
        touches[slot].phase = .ended
        touches[slot].isLive = false
        emit(.touch(touch: number, phase: .ended, location: touches[slot].location))
        lastLift = LastLift(time: now, location: touches[slot].location, tapCount: touches[slot].tapCount, touch: number)
        mayHaveFinished = true
        return slot
    }

    /// The system cancels a touch, before the step; a touch its view has not seen yet is dropped (G5).
    mutating func cancelTouch(number: Int) -> Int? {
        guard let slot = slot(of: number) else { untracked(number, .cancelled, nil); return nil }
        touches[slot].timestamp = now
        touches[slot].phase = .cancelled
        touches[slot].isLive = false
        emit(.touch(touch: number, phase: .cancelled, location: touches[slot].location))
        if touches[slot].delivery == .none || touches[slot].delivery == .pending {
            touches[slot].delivery = .dropped
            summary.drop(by: nil)
            emit(.dropped(touch: number, by: nil))
        }
        mayHaveFinished = true
        return slot
    }

    /// A sample of a touch that hit no view: traced, delivered nowhere.
    mutating func untracked(_ number: Int, _ phase: TouchPhase, _ location: Point?) {
        emit(.touch(touch: number, phase: phase, location: location ?? .zero))
    }

    /// The live (or finishing) slot of a script touch number.
    @inline(__always) func slot(of number: Int) -> Int? {
        var mask = slotsInUse
        while mask != 0 {
            let i = mask.trailingZeroBitCount
            mask &= mask - 1
            if touches[i].number == number && touches[i].phase != .ended && touches[i].phase != .cancelled { return i }
        }
        return nil
    }

    /// A finger touches down: hit test (P2), tap count, recognizers (P3) and the scroll views' tracking, before
    /// the step. Returns nil when the touch hit nothing (or no slot is free): no step runs for it.
    mutating func beginTouch(number: Int, at p: Point) -> Int? {
        emit(.touch(touch: number, phase: .began, location: p))
        guard let slot = freeSlot() else {
            emit(.filtered(touch: number, view: 0, reason: "more than \(Self.maxSlots) touches in flight"))
            return nil
        }
        let hit = sheetStates.isEmpty ? hitTest(p) : hitThroughDimming(hitTest(p), touch: number)
        var t = TouchSlot()
        t.inUse = true
        t.number = number
        t.view = hit ?? -1
        t.downTime = now
        t.downLocation = p
        t.location = p
        t.timestamp = now
        t.phase = .began
        t.isLive = true
        t.recsStart = slot * recsCapacity
        // UITouch.tapCount: successive taps close in time and place.
        if let last = lastLift, now - last.time <= params.tapCountInterval, p.distance(to: last.location) <= params.tapCountDistance {
            t.tapCount = last.tapCount + 1
            emit(.tapCount(touch: number, count: t.tapCount, after: last.touch))
        }
        touches[slot] = t
        slotsInUse |= bit(slot)
        slotsUsed |= bit(slot)
        summary.touchedDown(hit: hit)
        guard let view = hit else {
            emit(.hitTest(touch: number, view: nil, chain: [], recognizers: []))
            touches[slot].delivery = .dropped
            touches[slot].isLive = false
            touches[slot].phase = .cancelled
            touches[slot].inUse = false
            slotsInUse &= ~bit(slot)
            return nil
        }
        let privateSwitch = prepared.viewTables.anySwitch && params.switchesUsePrivateRecognizers ? enclosingSwitch(of: view) : nil
        if let privateSwitch { summary.touchedPrivateSwitch(privateSwitch) }
        collectRecognizers(slot: slot, view: view)
        if !navigationPops.isEmpty { decideLeadingEdgeYield(slot: slot) }
        let listed = touches[slot].recsCount
        touches[slot].trackers = listed >= 64 ? ~0 : (1 &<< UInt64(listed)) &- 1
        if Recorder.isRecording {
            let chain = responderChainViews(from: view)
            let recs = recsStorage.elements(touches[slot].recsStart ..< touches[slot].recsStart + touches[slot].recsCount)
            emit(.hitTest(touch: number, view: view, chain: chain, recognizers: recs))
            if let privateSwitch { emit(.privateRecognizers(view: privateSwitch)) }
            if prepared.recognizerTables.anyDelegateLogs {
                askShouldReceive(touch: number, view: view)
                askFailureRequirements(slot: slot)
            }
        }
        scrollTouchBegan(slot)
        return slot
    }

    /// The UISwitch that is `view` or contains it: a dump's switch hit-tests to its internal subviews (§5.4).
    @inline(__always) func enclosingSwitch(of view: ViewID) -> ViewID? {
        var v: ViewID? = view
        while let current = v {
            if views[current].kind == .switch { return current }
            v = views[current].parent
        }
        return nil
    }

    @inline(__always) func freeSlot() -> Int? {
        let free = ~slotsInUse
        let i = free.trailingZeroBitCount
        return i < Self.maxSlots ? i : nil
    }

    /// P3/G1–G3: recognizers of the hit view and every ancestor up to the window, enabled and willing
    /// to receive the touch, in G2 order.
    mutating func collectRecognizers(slot: Int, view: ViewID) {
        let base = touches[slot].recsStart
        var count = 0
        // Mark the hit view and its ancestors once, so each recognizer's view is looked up instead of walked up to.
        pathStamp &+= 1
        var v: ViewID? = view
        while let current = v {
            pathMark[current] = pathStamp
            v = views[current].parent
        }
        for id in rankOrder {
            guard recognizers[id].isEnabled, pathMark[recs[id].view] == pathStamp else { continue }
            if recs[id].shouldReceiveIsCustom {
                guard shouldReceive(scene.recognizers[id].policies.shouldReceive, touchView: view) else { continue }
            }
            recsStorage[base + count] = id
            count += 1
            summary.collected(id)
        }
        touches[slot].recsCount = count
    }

    /// Traced runs: the `shouldReceive` questions `collectRecognizers` just decided, for delegates that log
    /// (asked of every enabled recognizer of the hit view and its ancestors, in G2 order, G3).
    mutating func askShouldReceive(touch number: Int, view: ViewID) {
        for id in rankOrder where recs[id].delegateLogs {
            guard recognizers[id].isEnabled, isView(view, inside: recs[id].view) else { continue }
            let answer = shouldReceive(scene.recognizers[id].policies.shouldReceive, touchView: view)
            emit(.asked(recognizer: id, question: .shouldReceive(touch: number), answer: answer))
        }
    }

    @inline(__always) func shouldReceive(_ policy: ShouldReceivePolicy, touchView: ViewID) -> Bool {
        switch policy {
        case .always: return true
        case .never: return false
        case .notInViews(let list): return !list.contains { isView(touchView, inside: $0) }
        case .onlyInViews(let list): return list.contains { isView(touchView, inside: $0) }
        case .notOnKinds(let kinds): return !kinds.contains(views[touchView].kind)
        }
    }

    /// The mask bit of a slot (`0 ..< maxSlots`): a plain shift, without the checks `<<` makes for shifts of 64 or more.
    @inline(__always) func bit(_ slot: Int) -> UInt64 { 1 &<< UInt64(truncatingIfNeeded: slot) }

    /// Whether `view` is `ancestor` or inside it.
    @inline(__always) func isView(_ view: ViewID, inside ancestor: ViewID) -> Bool {
        var v: ViewID? = view
        while let current = v {
            if current == ancestor { return true }
            v = views[current].parent
        }
        return false
    }
}
